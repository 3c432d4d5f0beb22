//! The `signoria` binary end to end on the embedded store: `serve` on port 0
//! (reading the `listening on ADDR` line), `games`, `new`, `watch` and
//! `bot random` as separate processes, then SIGTERM and a clean exit.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_signoria");

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(extra: &[&str]) -> Server {
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--log-level", "warn"])
        .args(extra)
        .env_remove("RUST_LOG")
        .env("SIGNORIA_TOKEN_SECRET", "cli test secret of enough bytes")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("signoria serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server {
        child,
        url: format!("http://{addr}"),
    }
}

fn run(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "signoria {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn serve_new_watch_bot_and_shut_down() {
    let mut server = serve(&["--allow-client-seed"]);
    let url = server.url.clone();

    let games = run(&["games", "--server", &url]);
    assert!(games.contains("lorenzo-il-magnifico"), "{games}");

    let created = run(&[
        "new",
        "--server",
        &url,
        "--game",
        "lorenzo-il-magnifico",
        "--players",
        "3",
        "--option",
        "advanced=false",
        "--seed",
        "12",
        "--label",
        "Ann",
    ]);
    let mut lines = created.lines();
    let game_id = lines
        .next()
        .unwrap()
        .strip_prefix("game ")
        .unwrap()
        .to_string();
    let seats: Vec<Vec<String>> = lines
        .filter(|l| l.starts_with("seat "))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect();
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[0][0], "seat");
    assert_eq!(seats[0][1], "0");
    assert_eq!(seats[0][3], "Ann");
    let tokens: Vec<&str> = seats.iter().map(|s| s[2].as_str()).collect();

    let watcher = Command::new(BIN)
        .args(["watch", "--server", &url, "--game", &game_id])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let bot = run(&[
        "bot", "random", "--server", &url, "--game", &game_id, "--token", tokens[0], "--token",
        tokens[1], "--token", tokens[2], "--seed", "5",
    ]);
    assert!(bot.contains("game over"), "{bot}");
    assert!(bot.contains("rank 1"), "{bot}");
    // Results name the seats by their labels.
    assert!(bot.contains("Ann (seat 0) with"), "{bot}");
    let moves: u64 = bot
        .lines()
        .find_map(|l| {
            l.strip_prefix("bot made ")?
                .strip_suffix(" moves")?
                .parse()
                .ok()
        })
        .expect("the bot reports its moves");

    // The watcher printed every version once, in order, and ended by itself.
    let watched = watcher.wait_with_output().unwrap();
    assert!(watched.status.success());
    let text = String::from_utf8(watched.stdout).unwrap();
    let versions: Vec<u64> = text
        .lines()
        .filter_map(|l| l.strip_prefix("version "))
        .map(|v| v.split_whitespace().next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(versions, (1..=moves).collect::<Vec<_>>());
    assert!(
        text.lines()
            .rev()
            .find(|l| l.starts_with("version "))
            .unwrap()
            .ends_with("(final)")
    );

    // The finished game exports as JSON, and the export replays through the
    // rules into the same events and final state; a changed seed does not.
    let dir = std::env::temp_dir().join(format!("signoria-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.json");
    run(&[
        "export",
        "--server",
        &url,
        "--game",
        &game_id,
        "--out",
        file.to_str().unwrap(),
    ]);
    let exported: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(exported["seed"], "12", "{exported:#}"); // uint64 is a string in JSON
    assert_eq!(exported["versions"].as_array().unwrap().len() as u64, moves);
    let replayed = run(&["replay", file.to_str().unwrap()]);
    assert!(
        replayed.contains(&format!("{moves} moves replayed")),
        "{replayed}"
    );
    let mut changed = exported.clone();
    changed["seed"] = "13".into();
    std::fs::write(&file, changed.to_string()).unwrap();
    let out = Command::new(BIN)
        .args(["replay", file.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success(), "a changed seed replayed");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not replay"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();

    // `play` shows a short board summary by default, the JSON view with --json.
    let created = run(&[
        "new",
        "--server",
        &url,
        "--game",
        "lorenzo-il-magnifico",
        "--players",
        "2",
        "--seed",
        "3",
        "--label",
        "Ann",
        "--label",
        "Bo",
    ]);
    let game2 = created
        .lines()
        .next()
        .unwrap()
        .strip_prefix("game ")
        .unwrap()
        .to_string();
    let tokens2: Vec<String> = created
        .lines()
        .filter(|l| l.starts_with("seat "))
        .map(|l| l.split_whitespace().nth(2).unwrap().to_string())
        .collect();
    let play = |token: &str, extra: &[&str]| {
        use std::io::Write;
        let mut child = Command::new(BIN)
            .args(["play", "--server", &url, "--game", &game2, "--token", token])
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(b"q\n").unwrap();
        // A seat that is not pending waits for its turn: stop it after a while.
        let start = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() && start.elapsed().as_secs() < 5 {
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let _ = child.kill();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    let shown: String = tokens2.iter().map(|t| play(t, &[])).collect();
    assert!(
        shown.contains("lorenzo-il-magnifico — version 0"),
        "{shown}"
    );
    assert!(
        shown.contains("Ann (seat 0): ") && shown.contains("Bo (seat 1): "),
        "{shown}"
    );
    assert!(!shown.contains("\"lorenzoIlMagnifico\""), "{shown}");
    let full: String = tokens2.iter().map(|t| play(t, &["--json"])).collect();
    assert!(full.contains("\"lorenzoIlMagnifico\""), "{full}");

    // A bad option is refused before anything is sent.
    let out = Command::new(BIN)
        .args([
            "new",
            "--server",
            &url,
            "--game",
            "lorenzo-il-magnifico",
            "--players",
            "2",
            "--option",
            "colour=red",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());

    // SIGTERM: a graceful exit with status 0.
    #[cfg(unix)]
    {
        let pid = server.child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        let status = server.child.wait().unwrap();
        assert!(status.success(), "{status:?}");
    }
}
