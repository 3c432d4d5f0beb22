//! The Helm chart (`helm/signoria`), checked without a helm binary: its YAML
//! parses (templates with the template actions taken out), every value a
//! template refers to exists in `values.yaml` and is documented in the chart's
//! README, and the rendered objects keep their promises (gRPC probes, a
//! non-root read-only container, a grace period longer than the drain, only
//! variables the server knows).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail, ensure};
use signoria_e2e::gateway::repo_root;
use yaml_rust2::{Yaml, YamlLoader};

fn chart_dir() -> PathBuf {
    repo_root().join("helm/signoria")
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("read {}", path.display()))
}

fn parse(what: &str, text: &str) -> Result<Vec<Yaml>> {
    YamlLoader::load_from_str(text).with_context(|| format!("{what} is not YAML"))
}

/// The chart's templates: (file name, text), `_helpers.tpl` included.
fn templates() -> Result<Vec<(String, String)>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(chart_dir().join("templates"))? {
        let path = entry?.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.push((name, read(&path)?));
    }
    out.sort();
    ensure!(!out.is_empty(), "no templates");
    Ok(out)
}

/// A template with its template actions taken out: an action alone on its
/// line(s) (`{{- if ... }}`, `{{- toYaml ... | nindent 8 }}`, a `{{/* ... */}}`
/// comment) goes with its line(s); an action inside a line becomes the scalar
/// `TEMPLATED`.
fn strip_actions(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start..].find("}}") else {
            break;
        };
        let end = start + len + 2;
        let line_start = rest[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = rest[end..].find('\n').map_or(rest.len(), |i| end + i);
        // Whether `rest` begins a line (it may begin after an action mid-line).
        let fresh_line = line_start > 0 || out.is_empty() || out.ends_with('\n');
        let alone = fresh_line
            && rest[line_start..start].trim().is_empty()
            && rest[end..line_end].trim().is_empty();
        if alone {
            out.push_str(&rest[..line_start]);
            rest = rest[line_end..]
                .strip_prefix('\n')
                .unwrap_or(&rest[line_end..]);
        } else {
            out.push_str(&rest[..start]);
            out.push_str("TEMPLATED");
            rest = &rest[end..];
        }
    }
    out.push_str(rest);
    out
}

/// Every `.Values.a.b` path a text refers to (`$.Values` too).
fn value_refs(text: &str) -> BTreeSet<String> {
    let mut refs = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find(".Values.") {
        let after = &rest[i + ".Values.".len()..];
        let path: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
            .collect();
        let path = path.trim_end_matches('.').to_owned();
        if !path.is_empty() {
            refs.insert(path);
        }
        rest = after;
    }
    refs
}

/// The node at a dotted path, if every key exists.
fn lookup<'a>(root: &'a Yaml, path: &str) -> Option<&'a Yaml> {
    let mut node = root;
    for key in path.split('.') {
        let Yaml::Hash(map) = node else {
            return None;
        };
        node = map.get(&Yaml::String(key.to_owned()))?;
    }
    Some(node)
}

/// Every leaf path of a mapping (empty maps and lists count as leaves).
fn leaves(node: &Yaml, prefix: &str, out: &mut Vec<String>) {
    match node {
        Yaml::Hash(map) if !map.is_empty() => {
            for (k, v) in map {
                let key = k.as_str().unwrap_or("?");
                let path = if prefix.is_empty() {
                    key.to_owned()
                } else {
                    format!("{prefix}.{key}")
                };
                leaves(v, &path, out);
            }
        }
        _ => out.push(prefix.to_owned()),
    }
}

fn values() -> Result<Yaml> {
    let docs = parse("values.yaml", &read(&chart_dir().join("values.yaml"))?)?;
    ensure!(docs.len() == 1, "values.yaml has {} documents", docs.len());
    Ok(docs.into_iter().next().unwrap())
}

#[test]
fn chart_and_values_parse() -> Result<()> {
    let chart = parse("Chart.yaml", &read(&chart_dir().join("Chart.yaml"))?)?;
    let chart = chart.first().context("empty Chart.yaml")?;
    ensure!(
        chart["apiVersion"].as_str() == Some("v2"),
        "Chart.yaml apiVersion"
    );
    ensure!(
        chart["name"].as_str() == Some("signoria"),
        "Chart.yaml name"
    );
    for key in ["version", "appVersion", "description"] {
        ensure!(chart[key].as_str().is_some(), "Chart.yaml lacks {key}");
    }
    ensure!(
        matches!(values()?, Yaml::Hash(_)),
        "values.yaml is no mapping"
    );
    Ok(())
}

/// Every template, its actions taken out, is YAML; every document in it is a
/// Kubernetes object with apiVersion, kind and a name.
#[test]
fn templates_parse_as_yaml() -> Result<()> {
    let mut kinds = BTreeSet::new();
    for (name, text) in templates()? {
        if !name.ends_with(".yaml") {
            continue;
        }
        let docs = parse(&name, &strip_actions(&text))?;
        ensure!(!docs.is_empty(), "{name}: no document");
        for doc in docs {
            ensure!(
                doc["apiVersion"].as_str().is_some(),
                "{name}: no apiVersion"
            );
            let kind = doc["kind"].as_str().context(format!("{name}: no kind"))?;
            ensure!(
                doc["metadata"]["name"].as_str().is_some(),
                "{name}: a {kind} without metadata.name"
            );
            kinds.insert(kind.to_owned());
        }
    }
    for kind in [
        "Deployment",
        "Service",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "ConfigMap",
        "Secret",
        "ServiceAccount",
        "GRPCRoute",
    ] {
        ensure!(kinds.contains(kind), "the chart has no {kind}");
    }
    Ok(())
}

/// The checks of this file must be able to fail: a broken template does not
/// parse and a missing value is found.
#[test]
fn the_checks_catch_mistakes() -> Result<()> {
    let broken =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n data: [\n";
    ensure!(parse("broken", &strip_actions(broken)).is_err());
    let values = values()?;
    ensure!(lookup(&values, "config.logLevel").is_some());
    ensure!(lookup(&values, "config.noSuchValue").is_none());
    ensure!(
        value_refs("{{ .Values.a.b | quote }} {{- with $.Values.c }}")
            == ["a.b".to_owned(), "c".to_owned()].into_iter().collect()
    );
    Ok(())
}

#[test]
fn every_value_the_templates_use_exists_in_values_yaml() -> Result<()> {
    let values = values()?;
    let mut missing = Vec::new();
    let mut used = 0;
    for (name, text) in templates()? {
        for path in value_refs(&text) {
            used += 1;
            if lookup(&values, &path).is_none() {
                missing.push(format!("{name}: .Values.{path}"));
            }
        }
    }
    ensure!(
        used > 50,
        "only {used} value references found: is the scan broken?"
    );
    ensure!(missing.is_empty(), "not in values.yaml: {missing:#?}");
    Ok(())
}

#[test]
fn every_value_is_documented_in_the_chart_readme() -> Result<()> {
    let readme = read(&chart_dir().join("README.md"))?;
    let mut paths = Vec::new();
    leaves(&values()?, "", &mut paths);
    let undocumented: Vec<_> = paths
        .iter()
        .filter(|p| !readme.contains(&format!("`{p}`")))
        .collect();
    ensure!(
        undocumented.is_empty(),
        "values not documented in helm/signoria/README.md: {undocumented:#?}"
    );
    Ok(())
}

/// The Deployment template, actions taken out.
fn deployment() -> Result<Yaml> {
    let text = read(&chart_dir().join("templates/deployment.yaml"))?;
    let docs = parse("deployment.yaml", &strip_actions(&text))?;
    docs.into_iter()
        .find(|d| d["kind"].as_str() == Some("Deployment"))
        .context("no Deployment")
}

#[test]
fn deployment_probes_grpc_health_and_runs_locked_down() -> Result<()> {
    let d = deployment()?;
    let pod = &d["spec"]["template"]["spec"];
    let c = &pod["containers"][0];
    for probe in ["startupProbe", "readinessProbe", "livenessProbe"] {
        ensure!(
            matches!(c[probe]["grpc"], Yaml::Hash(_)),
            "{probe} is not a gRPC probe"
        );
    }
    ensure!(
        c["ports"][0]["name"].as_str() == Some("grpc"),
        "the container port is named grpc"
    );
    // The security settings come from values.yaml (toYaml).
    let values = values()?;
    let sc = &values["securityContext"];
    ensure!(sc["readOnlyRootFilesystem"].as_bool() == Some(true));
    ensure!(sc["allowPrivilegeEscalation"].as_bool() == Some(false));
    ensure!(sc["runAsNonRoot"].as_bool() == Some(true));
    ensure!(
        sc["capabilities"]["drop"]
            .as_vec()
            .is_some_and(|v| v.iter().any(|c| c.as_str() == Some("ALL"))),
        "capabilities not dropped"
    );
    ensure!(values["podSecurityContext"]["runAsNonRoot"].as_bool() == Some(true));
    ensure!(
        values["podSecurityContext"]["runAsUser"]
            .as_i64()
            .is_some_and(|u| u > 0)
    );
    // The readiness probe asks for the service that goes NOT_SERVING first.
    ensure!(values["probes"]["readiness"]["service"].as_str() == Some("signoria.v1.GameService"));
    Ok(())
}

/// Number of seconds from a values.yaml node (integer or real).
fn seconds(node: &Yaml) -> Result<f64> {
    match node {
        Yaml::Integer(i) => Ok(*i as f64),
        Yaml::Real(r) => Ok(r.parse()?),
        other => bail!("not a number of seconds: {other:?}"),
    }
}

#[test]
fn grace_period_outlasts_the_drain() -> Result<()> {
    let values = values()?;
    let grace = seconds(&values["terminationGracePeriodSeconds"])?;
    let drain =
        seconds(&values["config"]["shutdownDelay"])? + seconds(&values["config"]["drainTimeout"])?;
    ensure!(
        grace > drain,
        "terminationGracePeriodSeconds {grace} <= shutdownDelay + drainTimeout {drain}"
    );
    // And the template refuses values that break this.
    let text = read(&chart_dir().join("templates/deployment.yaml"))?;
    ensure!(text.contains("fail (printf \"terminationGracePeriodSeconds"));
    Ok(())
}

/// The SIGNORIA_* variables `signoria serve` reads (from its clap `env = ...`
/// attributes).
fn cli_env_vars() -> Result<BTreeSet<String>> {
    let main = read(&repo_root().join("services/cli/src/main.rs"))?;
    let vars: BTreeSet<String> = main
        .split("env = \"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .map(str::to_owned)
        .collect();
    ensure!(
        vars.contains("SIGNORIA_REDIS"),
        "could not read the CLI's variables"
    );
    Ok(vars)
}

fn signoria_vars_in(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("SIGNORIA_") && w.len() > "SIGNORIA_".len())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_chart_sets_only_variables_the_server_reads() -> Result<()> {
    let known = cli_env_vars()?;
    let mut set = BTreeSet::new();
    for (name, text) in templates()? {
        for var in signoria_vars_in(&text) {
            ensure!(
                known.contains(&var),
                "{name} sets {var}, which signoria does not read"
            );
            set.insert(var);
        }
    }
    for needed in [
        "SIGNORIA_LISTEN",
        "SIGNORIA_REDIS",
        "SIGNORIA_TOKEN_SECRET_FILE",
        "SIGNORIA_MAX_CONNECTION_AGE",
    ] {
        ensure!(set.contains(needed), "the chart does not set {needed}");
    }
    Ok(())
}
