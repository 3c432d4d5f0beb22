//! The Signoria gRPC service.
