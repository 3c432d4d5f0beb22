//! The Redis password never reaches the logs: not at startup, not in the
//! error of a refused connection (issue 12).

use signoria_e2e::{RedisOptions, RedisServer, ServerProcess, Storage};
use signoria_store::testutil::redis_cli;

const PASSWORD: &str = "pw-never-logged-7f3a91";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_redis_password_is_never_logged() -> anyhow::Result<()> {
    let redis = RedisServer::start(RedisOptions::default())?;
    redis_cli(
        redis.port(),
        &[
            "ACL",
            "SETUSER",
            "signoria",
            "on",
            &format!(">{PASSWORD}"),
            "~*",
            "&*",
            "+@all",
        ],
    )?;
    let url = format!("redis://signoria:{PASSWORD}@127.0.0.1:{}", redis.port());
    let server = ServerProcess::start(Storage::Redis(url)).await?;
    let logs = server.logs();
    assert!(logs.contains("using the redis store"), "{logs}");
    assert!(logs.contains("signoria:***@127.0.0.1"), "{logs}");
    assert!(!logs.contains(PASSWORD), "{logs}");
    drop(server);

    // A wrong password: startup fails, and says why without the password.
    let wrong = format!(
        "redis://signoria:{PASSWORD}-wrong@127.0.0.1:{}",
        redis.port()
    );
    let err = match ServerProcess::start(Storage::Redis(wrong)).await {
        Ok(_) => panic!("a wrong password must not start"),
        Err(e) => format!("{e:#}"),
    };
    assert!(err.contains("cannot use redis at"), "{err}");
    assert!(!err.contains(PASSWORD), "{err}");
    Ok(())
}
