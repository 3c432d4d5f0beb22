//! Lorenzo il Magnifico.
