// Baseline b, the HTTP ceiling: a bare node:http server answering every request with the bytes
// (status, content type, body) the API returned for that workload. node dist/bench/bare.js <body-file> <port>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]!);
const port = Number(process.argv[3]);
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };
http
  .createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, headers);
      res.end(body);
    });
  })
  .listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
