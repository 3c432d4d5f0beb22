//! The end-to-end suite on the embedded in-memory store: one `signoria serve`
//! process without `--redis`, real gRPC. Cases that need two replicas or a
//! Redis run with the one server standing in for both (see `cases`).

use signoria_e2e::{Cluster, cases, one_round_trip};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_plays_a_2_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::memory().await?, 2).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_plays_a_3_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::memory().await?, 3).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_plays_a_4_player_game() -> anyhow::Result<()> {
    cases::full_game(&Cluster::memory().await?, 4).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_racing_clients() -> anyhow::Result<()> {
    cases::racing_clients(&Cluster::memory().await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_repeated_request_id() -> anyhow::Result<()> {
    cases::repeated_request_id(&Cluster::memory().await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_rejections_change_nothing() -> anyhow::Result<()> {
    cases::rejections(&Cluster::memory().await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_watch_resumes_after_a_reconnect() -> anyhow::Result<()> {
    cases::watch_resumes(&mut Cluster::memory().await?, 5).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_moves_carry_the_next_decision() -> anyhow::Result<()> {
    one_round_trip::next_decisions(&Cluster::memory().await?).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_watchers_get_their_decisions() -> anyhow::Result<()> {
    one_round_trip::watch_decisions(&Cluster::memory().await?).await
}
