//! Logs, traces and metrics export.
//!
//! - Logs: `tracing-subscriber`, text or JSON lines on stderr, filtered by
//!   `--log-level` (an `EnvFilter` directive such as `info` or
//!   `signoria_server=debug,info`); `RUST_LOG` wins when set.
//! - Traces and metrics: when an OTLP endpoint is configured (`--otlp-endpoint`
//!   or `OTEL_EXPORTER_OTLP_ENDPOINT`), spans go out through a batch exporter
//!   and the metrics of [`crate::metrics`] through a periodic exporter, both
//!   over OTLP/gRPC. Without an endpoint nothing is exported and the metrics
//!   stay readable through `GetServerStats`. Incoming W3C `traceparent`
//!   headers are honoured, so a caller's trace continues into the server.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;
use tracing_subscriber::{EnvFilter, Layer as _};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("unknown log format {other:?} (text or json)")),
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct TelemetryConfig {
    /// `EnvFilter` directive; `RUST_LOG` takes precedence when set.
    pub log_level: String,
    pub log_format: LogFormat,
    /// OTLP/gRPC endpoint (`http://collector:4317`); `None` = no export.
    pub otlp_endpoint: Option<String>,
    /// `service.name` of the exported telemetry.
    pub service_name: String,
}

/// Flushes and shuts the exporters down when dropped.
#[must_use = "dropping the guard stops the exporters"]
pub struct TelemetryGuard {
    tracer: Option<SdkTracerProvider>,
    meter: Option<SdkMeterProvider>,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(t) = self.tracer.take() {
            let _ = t.shutdown();
        }
        if let Some(m) = self.meter.take() {
            let _ = m.shutdown();
        }
    }
}

/// Install the global subscriber (and OTLP exporters). Call once, inside a
/// tokio runtime when OTLP is configured.
pub fn init(config: &TelemetryConfig) -> anyhow::Result<TelemetryGuard> {
    let filter = match std::env::var("RUST_LOG") {
        Ok(v) if !v.is_empty() => EnvFilter::try_new(v)?,
        _ => EnvFilter::try_new(if config.log_level.is_empty() {
            "info"
        } else {
            &config.log_level
        })?,
    };
    let fmt = match config.log_format {
        LogFormat::Text => tracing_subscriber::fmt::layer()
            .with_writer(std::io::stderr)
            .boxed(),
        LogFormat::Json => tracing_subscriber::fmt::layer()
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .with_writer(std::io::stderr)
            .boxed(),
    };

    let mut guard = TelemetryGuard {
        tracer: None,
        meter: None,
    };
    let otel_layer = match &config.otlp_endpoint {
        None => None,
        Some(endpoint) => {
            let service_name = if config.service_name.is_empty() {
                "signoria".to_string()
            } else {
                config.service_name.clone()
            };
            let resource = Resource::builder().with_service_name(service_name).build();
            let spans = opentelemetry_otlp::SpanExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint.clone())
                .build()?;
            let tracer_provider = SdkTracerProvider::builder()
                .with_batch_exporter(spans)
                .with_resource(resource.clone())
                .build();
            let metrics = opentelemetry_otlp::MetricExporter::builder()
                .with_tonic()
                .with_endpoint(endpoint.clone())
                .build()?;
            let meter_provider = SdkMeterProvider::builder()
                .with_periodic_exporter(metrics)
                .with_resource(resource)
                .build();
            opentelemetry::global::set_meter_provider(meter_provider.clone());
            // Continue callers' traces (W3C `traceparent`, see `server::request_span`).
            opentelemetry::global::set_text_map_propagator(
                opentelemetry_sdk::propagation::TraceContextPropagator::new(),
            );
            let tracer = tracer_provider.tracer("signoria");
            opentelemetry::global::set_tracer_provider(tracer_provider.clone());
            guard.tracer = Some(tracer_provider);
            guard.meter = Some(meter_provider);
            // The exporter itself talks gRPC: keep the transport crates' own
            // spans out of the export, or exporting would feed itself.
            let own = tracing_subscriber::filter::filter_fn(|meta| {
                let t = meta.target();
                ![
                    "h2",
                    "hyper",
                    "hyper_util",
                    "tonic",
                    "tower",
                    "opentelemetry",
                ]
                .iter()
                .any(|p| t.starts_with(p))
            });
            Some(
                tracing_opentelemetry::layer()
                    .with_tracer(tracer)
                    .with_filter(own),
            )
        }
    };

    tracing_subscriber::registry()
        .with(filter)
        .with(fmt)
        .with(otel_layer)
        .try_init()?;
    if let Some(endpoint) = &config.otlp_endpoint {
        tracing::info!(endpoint, "exporting traces and metrics over OTLP");
    }
    Ok(guard)
}
