//! The end-to-end suite on Redis: real `signoria serve` processes sharing one
//! Redis (`$REDIS_URL` or a private redis-server), real gRPC. See the crate
//! docs for how the `signoria` binary is found.

use signoria_e2e::{Cluster, RedisOptions, cases, one_round_trip};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_play_a_2_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::redis(2).await?, 2).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_play_a_3_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::redis(2).await?, 3).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_play_a_4_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::redis(2).await?, 4).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_replicas_play_every_game_type() -> anyhow::Result<()> {
    cases::every_game_type(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_clients_on_two_replicas() -> anyhow::Result<()> {
    cases::racing_clients(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repeated_request_id_on_two_replicas() -> anyhow::Result<()> {
    cases::repeated_request_id(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejections_change_nothing() -> anyhow::Result<()> {
    cases::rejections(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watch_resumes_on_the_other_replica_after_a_kill() -> anyhow::Result<()> {
    cases::watch_resumes(&mut Cluster::redis(2).await?, 5).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_restart_mid_game_loses_nothing_acknowledged() -> anyhow::Result<()> {
    cases::redis_restart_mid_game(&mut Cluster::private_redis(2, RedisOptions { aof: true }).await?)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_carry_the_next_decision_on_two_replicas() -> anyhow::Result<()> {
    one_round_trip::next_decisions(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_get_their_decisions_on_two_replicas() -> anyhow::Result<()> {
    one_round_trip::watch_decisions(&Cluster::redis(2).await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_cached_states_are_caught_by_the_commit() -> anyhow::Result<()> {
    one_round_trip::stale_caches(&Cluster::redis(2).await?).await
}
