//! Helpers for the combat tests.
