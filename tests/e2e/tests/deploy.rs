//! The deployment files (`deploy/`) kept in step with the code: the compose
//! stack renders the very gateway template the gateway tests run, publishes
//! only the gateway and keeps Redis's AOF on; the image is multi-stage,
//! non-root and health-checked; the README documents every variable
//! `signoria serve` reads. (No docker daemon runs the stack here.)

use std::collections::BTreeSet;

use anyhow::{Context, Result, ensure};
use signoria_e2e::gateway::{PLACEHOLDERS, placeholders_in, render, repo_root, template_path};
use yaml_rust2::{Yaml, YamlLoader};

fn read(rel: &str) -> Result<String> {
    let path = repo_root().join(rel);
    std::fs::read_to_string(&path).with_context(|| format!("read {}", path.display()))
}

fn compose() -> Result<Yaml> {
    let docs = YamlLoader::load_from_str(&read("deploy/compose.yaml")?)
        .context("deploy/compose.yaml is not YAML")?;
    docs.into_iter().next().context("empty compose.yaml")
}

/// A compose `environment` mapping as (name, value) strings.
fn environment(service: &Yaml) -> Vec<(String, String)> {
    let Some(map) = service["environment"].as_hash() else {
        return vec![];
    };
    map.iter()
        .map(|(k, v)| {
            let value = match v {
                Yaml::String(s) | Yaml::Real(s) => s.clone(),
                Yaml::Integer(i) => i.to_string(),
                Yaml::Boolean(b) => b.to_string(),
                _ => String::new(),
            };
            (k.as_str().unwrap_or_default().to_owned(), value)
        })
        .collect()
}

#[test]
fn the_template_has_exactly_the_documented_placeholders() -> Result<()> {
    let template = std::fs::read_to_string(template_path())?;
    let found: BTreeSet<String> = placeholders_in(&template).into_iter().collect();
    let expected: BTreeSet<String> = PLACEHOLDERS.iter().map(|s| (*s).to_owned()).collect();
    ensure!(found == expected, "template placeholders {found:?}");
    // render() refuses a missing or an unknown value.
    let mut values: Vec<(&str, String)> = PLACEHOLDERS
        .iter()
        .map(|p| (*p, "127.0.0.1:1".to_owned()))
        .collect();
    let rendered = render(&template, &values)?;
    ensure!(
        !rendered.contains("${"),
        "placeholders left after rendering"
    );
    values.pop();
    ensure!(
        render(&template, &values).is_err(),
        "a missing value went unnoticed"
    );
    values.push(("SIGNORIA_REPLICA_2", "x".into()));
    values.push(("SIGNORIA_NOT_IN_THE_TEMPLATE", "x".into()));
    ensure!(
        render(&template, &values).is_err(),
        "an unknown value went unnoticed"
    );
    Ok(())
}

#[test]
fn compose_runs_the_shipped_gateway_template_and_publishes_only_it() -> Result<()> {
    let compose = compose()?;
    let services = compose["services"].as_hash().context("no services")?;
    let gateway = &compose["services"]["gateway"];
    let env = environment(gateway);
    let names: BTreeSet<&str> = env.iter().map(|(k, _)| k.as_str()).collect();
    for p in PLACEHOLDERS {
        ensure!(names.contains(p), "the gateway service does not set {p}");
    }
    ensure!(
        env.iter()
            .any(|(k, v)| k == "NGINX_ENVSUBST_FILTER" && v.contains("SIGNORIA_")),
        "the gateway's template rendering is not limited to SIGNORIA_ variables"
    );
    let mounts: Vec<&str> = gateway["volumes"]
        .as_vec()
        .context("gateway volumes")?
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    ensure!(
        mounts
            .iter()
            .any(|m| m.starts_with("./nginx/signoria.conf.template:/etc/nginx/templates/")),
        "the gateway does not mount the shipped template: {mounts:?}"
    );
    // The replicas the gateway names are the compose services.
    for (k, v) in &env {
        if k.starts_with("SIGNORIA_REPLICA_") {
            let host = v.split(':').next().unwrap_or_default();
            ensure!(
                services.contains_key(&Yaml::String(host.to_owned())),
                "{k}={v} names no service"
            );
        }
    }
    // Only the gateway is published.
    for (name, service) in services {
        let name = name.as_str().unwrap_or_default();
        let published = !service["ports"].is_badvalue() && !service["ports"].is_null();
        ensure!(
            published == (name == "gateway"),
            "service {name}: published = {published}"
        );
    }
    Ok(())
}

#[test]
fn compose_redis_keeps_an_aof_and_the_replicas_share_it() -> Result<()> {
    let compose = compose()?;
    let command: Vec<&str> = compose["services"]["redis"]["command"]
        .as_vec()
        .context("redis command")?
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    let arg = |flag: &str| {
        command
            .iter()
            .position(|a| *a == flag)
            .and_then(|i| command.get(i + 1).copied())
    };
    ensure!(arg("--appendonly") == Some("yes"), "AOF off: {command:?}");
    ensure!(
        arg("--appendfsync") == Some("always"),
        "fsync policy: {command:?}"
    );
    let mut replicas = 0;
    for name in ["signoria-1", "signoria-2"] {
        let env = environment(&compose["services"][name]);
        let get = |k: &str| env.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
        ensure!(
            get("SIGNORIA_REDIS").as_deref() == Some("redis://redis:6379/0"),
            "{name} does not use the stack's Redis"
        );
        ensure!(
            get("SIGNORIA_TOKEN_SECRET").is_some(),
            "{name} has no token secret"
        );
        ensure!(
            get("SIGNORIA_MAX_CONNECTION_AGE").is_some_and(|v| v != "0"),
            "{name} never rebalances connections"
        );
        replicas += 1;
    }
    ensure!(replicas == 2);
    Ok(())
}

#[test]
fn the_image_is_multi_stage_non_root_and_health_checked() -> Result<()> {
    let dockerfile = read("deploy/Dockerfile")?;
    let lines: Vec<&str> = dockerfile
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .collect();
    let froms = lines.iter().filter(|l| l.starts_with("FROM ")).count();
    ensure!(froms >= 2, "not multi-stage");
    ensure!(dockerfile.contains("cargo build --release --locked -p signoria-cli"));
    // The runtime stage: everything after the last FROM.
    let last_from = lines.iter().rposition(|l| l.starts_with("FROM ")).unwrap();
    let runtime = &lines[last_from..];
    let user = runtime
        .iter()
        .find_map(|l| l.strip_prefix("USER "))
        .context("the runtime stage sets no USER")?;
    ensure!(
        !matches!(user.split(':').next(), Some("0") | Some("root")),
        "runs as {user}"
    );
    ensure!(
        runtime.iter().any(|l| l.starts_with("HEALTHCHECK ")),
        "no HEALTHCHECK"
    );
    Ok(())
}

/// The variables of `signoria serve` (its `ServeArgs`), read from the CLI.
fn serve_env_vars() -> Result<BTreeSet<String>> {
    let main = read("services/cli/src/main.rs")?;
    let start = main
        .find("struct ServeArgs {")
        .context("no ServeArgs in the CLI")?;
    let body = &main[start..];
    let body = &body[..body.find("\n}\n").context("ServeArgs does not end")?];
    let vars: BTreeSet<String> = body
        .split("env = \"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_owned)
        .collect();
    ensure!(vars.len() >= 10, "read only {vars:?} from ServeArgs");
    Ok(vars)
}

#[test]
fn the_readme_documents_every_serve_variable() -> Result<()> {
    let readme = read("deploy/README.md")?;
    let missing: Vec<String> = serve_env_vars()?
        .into_iter()
        .filter(|v| !readme.contains(&format!("`{v}`")))
        .collect();
    ensure!(
        missing.is_empty(),
        "deploy/README.md does not document {missing:?}"
    );
    Ok(())
}
