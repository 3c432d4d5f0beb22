//! What operators and client authors get (issue 12): the admin port's
//! Prometheus endpoint, GetServerStats behind `--public-stats`, per-client
//! limits on WatchGame streams, the catalogue of every game.

use signoria_server::admin::{http_get, parse_prometheus_text};
use signoria_server::client::Client;
use signoria_server::pb;
use signoria_server::registry::Registry;
use signoria_store::MemoryStore;
use tonic::Code;

mod common;
use common::{config, start_on};

fn free_addr() -> std::net::SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

#[tokio::test]
async fn metrics_are_on_the_admin_port_and_stats_behind_a_flag() {
    let mut c = config();
    let admin = free_addr();
    c.admin_listen = Some(admin);
    let server = start_on(c, MemoryStore::new()).await;
    let mut client = Client::connect(&server.url, None).await.unwrap();
    let game = client
        .create_game(pb::CreateGameRequest {
            game_type: "lorenzo-il-magnifico".into(),
            player_count: 2,
            ..Default::default()
        })
        .await
        .unwrap();
    let seat = game.snapshot.as_ref().unwrap().pending_seats[0] as usize;
    let mut player = client.with_token(Some(game.seats[seat].token.clone()));
    let legal = player.list_legal_moves(&game.game_id).await.unwrap();
    player
        .submit(
            &game.game_id,
            legal.version,
            legal.moves[0].r#move.clone().unwrap(),
        )
        .await
        .unwrap();
    // A stale move, for a rejection.
    let _ = player
        .submit(
            &game.game_id,
            legal.version,
            legal.moves[0].r#move.clone().unwrap(),
        )
        .await
        .unwrap_err();

    // The public port does not answer GetServerStats without --public-stats.
    let err = client.server_stats().await.unwrap_err();
    assert_eq!(err.code(), Code::PermissionDenied);
    assert!(err.message().contains("--public-stats"));

    let (code, body) = http_get(&admin.to_string(), "/metrics").await.unwrap();
    assert_eq!(code, 200, "{body}");
    let m = parse_prometheus_text(&body);
    assert_eq!(m["signoria_moves_total"], 1.0, "{body}");
    assert_eq!(m["signoria_games_created_total"], 1.0);
    assert_eq!(
        m["signoria_rejections_total{code=\"ABORTED\",reason=\"version_conflict\"}"], 1.0,
        "{body}"
    );
    assert_eq!(m["signoria_submit_move_duration_seconds_count"], 2.0);
    assert!(m["signoria_cpu_seconds_total"] >= 0.0);
    assert!(body.contains("# TYPE signoria_submit_move_duration_seconds histogram"));
    assert_eq!(
        http_get(&admin.to_string(), "/healthz").await.unwrap().0,
        200
    );
    assert_eq!(http_get(&admin.to_string(), "/other").await.unwrap().0, 404);
    server.stop().await;

    // With the flag, the RPC answers as before.
    let mut c = config();
    c.service.public_stats = true;
    let server = start_on(c, MemoryStore::new()).await;
    let mut client = Client::connect(&server.url, None).await.unwrap();
    assert_eq!(client.server_stats().await.unwrap().moves, 0);
    server.stop().await;
}

#[tokio::test]
async fn watch_streams_are_limited_per_client() {
    let mut c = config();
    c.service.max_watchers_per_client = 2;
    let server = start_on(c, MemoryStore::new()).await;
    let mut client = Client::connect(&server.url, None).await.unwrap();
    let game = client
        .create_game(pb::CreateGameRequest {
            game_type: "lorenzo-il-magnifico".into(),
            player_count: 2,
            ..Default::default()
        })
        .await
        .unwrap();
    let seat0 = client.with_token(Some(game.seats[0].token.clone()));
    let seat1 = client.with_token(Some(game.seats[1].token.clone()));
    let a = seat0.clone().watch(&game.game_id, 0).await.unwrap();
    let b = seat0.clone().watch(&game.game_id, 0).await.unwrap();
    let err = seat0.clone().watch(&game.game_id, 0).await.unwrap_err();
    assert_eq!(err.code(), Code::ResourceExhausted, "{err:?}");
    // Another seat is another client.
    let _c = seat1.clone().watch(&game.game_id, 0).await.unwrap();
    // Spectators from one address share a limit.
    let s1 = client.clone().watch(&game.game_id, 0).await.unwrap();
    let s2 = client.clone().watch(&game.game_id, 0).await.unwrap();
    assert_eq!(
        client
            .clone()
            .watch(&game.game_id, 0)
            .await
            .unwrap_err()
            .code(),
        Code::ResourceExhausted
    );
    // A closed stream frees its place.
    drop(a);
    drop(s1);
    let mut ok = false;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        if seat0.clone().watch(&game.game_id, 0).await.is_ok() {
            ok = true;
            break;
        }
    }
    assert!(ok, "a closed stream's place is given back");
    drop((b, s2));
    server.stop().await;
}

#[tokio::test]
async fn every_game_has_a_catalogue_naming_its_ids() {
    let server = start_on(config(), MemoryStore::new()).await;
    let mut client = Client::connect(&server.url, None).await.unwrap();
    let registry = Registry::builtin();
    let expected = [
        (
            "lorenzo-il-magnifico",
            vec![("card", 96), ("leader", 20), ("excommunication", 21)],
        ),
        (
            "wallenstein",
            vec![("land", 45), ("region", 5), ("event", 12), ("favor", 21)],
        ),
        (
            "pax-renaissance",
            vec![("card", 92), ("city", 27), ("border", 13)],
        ),
        ("age-of-renaissance", vec![("province", 107), ("card", 64)]),
        (
            "elisabeth-i",
            vec![
                ("power", 6),
                ("space", 190),
                ("sea_zone", 13),
                ("card", 114),
                ("leader", 30),
                ("naval_leader", 9),
                ("noble", 21),
                ("figure", 36),
                ("captain", 16),
                ("ocean_zone", 10),
                ("settlement", 25),
            ],
        ),
    ];
    assert_eq!(registry.all().count(), expected.len());
    for (game_type, sections) in expected {
        let catalog = client
            .raw()
            .get_catalog(pb::GetCatalogRequest {
                game_type: game_type.into(),
            })
            .await
            .unwrap()
            .into_inner();
        assert_eq!(catalog.game_type, game_type);
        let got: Vec<(&str, usize)> = catalog
            .sections
            .iter()
            .map(|s| (s.kind.as_str(), s.entries.len()))
            .collect();
        assert_eq!(got, sections, "{game_type}");
        for s in &catalog.sections {
            for (i, e) in s.entries.iter().enumerate() {
                assert!(
                    !e.name.is_empty() && !e.name.contains("?"),
                    "{game_type} {} {e:?}",
                    s.kind
                );
                // Ids are unique and in order.
                if i > 0 {
                    assert!(e.id > s.entries[i - 1].id, "{game_type} {}", s.kind);
                }
            }
        }
    }
    let err = client
        .raw()
        .get_catalog(pb::GetCatalogRequest {
            game_type: "x".repeat(10_000),
        })
        .await
        .unwrap_err();
    assert_eq!(err.code(), Code::InvalidArgument);
    assert!(err.message().len() < 200);
    server.stop().await;
}
