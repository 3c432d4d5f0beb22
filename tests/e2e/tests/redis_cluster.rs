//! The end-to-end suite on a Redis Cluster: two real `signoria serve`
//! processes started with `--redis-cluster` on the test cluster
//! (`$REDIS_CLUSTER_URLS`, 3 masters and 3 replicas, or a private one), real
//! gRPC. Every game type plays through both replicas, racing clients and
//! repeated request ids keep their guarantees, and a watcher resumes on the
//! other replica after a kill (pub/sub across shards). Killing cluster nodes
//! is tested on private clusters in `services/store/tests/redis_cluster.rs`.

use signoria_e2e::{Cluster, cases};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_on_a_cluster_play_every_game_type() -> anyhow::Result<()> {
    cases::every_game_type(&Cluster::redis_cluster(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_clients_on_a_cluster() -> anyhow::Result<()> {
    cases::racing_clients(&Cluster::redis_cluster(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_request_id_on_a_cluster() -> anyhow::Result<()> {
    cases::repeated_request_id(&Cluster::redis_cluster(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_resumes_on_the_other_replica_of_a_cluster_after_a_kill() -> anyhow::Result<()> {
    cases::watch_resumes(&mut Cluster::redis_cluster(2).await?, 5).await
}
