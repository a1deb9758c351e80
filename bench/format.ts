// Number formats of the bench's tables ('–' where a figure is missing).
export const f0 = (n: number | undefined | null) => (n === undefined || n === null ? '–' : n.toFixed(0));
export const fms = (n: number | undefined | null) => (n === undefined || n === null ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(1));
export const fr = (n: number | null) => (n === null ? '–' : `${n.toFixed(2)}×`);
