// The fault tests' throwaway cluster lives with the bench, which makes replicas of it too.
export { FaultCluster } from '../../bench/cluster';
