//! The keys of `compare`'s journal: a job's identity, schema 2.
//!
//! Schema 2: `schema 2 | {canonical line} | board {fingerprint} | resolved
//! {fingerprint}`. The canonical line is the configuration's `Display` (its flags,
//! which read back as it); the resolution is [`crate::search::resolution`], the
//! plan's text written field by field. Neither depends on how the search types are
//! named or serialised, so those types carry no compatibility attributes for the
//! keys' sake. Keys without the `resolved` part are those of journals written before
//! keys held the resolution (restored, and counted as such).
//!
//! Schema 1 (before 2026-11-27: `{line} | board {fingerprint} | {JSON parameters}[ |
//! resolved {fingerprint of the plan's Debug text}]`) is no longer read: builds up to
//! 71f60e4 re-keyed its entries under schema 2 as they took them, and every committed
//! journal was resumed by one of them (docs/compare.md, `--journal`).
//! [`Keys::schema_1_twin`] only recognises such an entry, to say it is not read.
//!
//! Owns: those strings. Must not: read or write journals, or change the form of a
//! schema once written (a new form is a new schema, with the old one read here).

use crate::compare::Plan;
use crate::error::Error;
use crate::io::testset::Position;

/// The schema of the keys this build writes.
pub const SCHEMA: u32 = 2;

/// 64-bit FNV-1a of `text` ([`crate::rng::fnv1a`]): a fingerprint that does not
/// change between builds.
pub(super) fn fingerprint(text: &str) -> u64 {
    crate::rng::fnv1a(text.as_bytes())
}

/// The keys of configuration `c` of `plan` on `position`.
pub(super) struct Keys {
    /// What this build writes.
    pub current: String,
    /// Schema 2 without the resolution (journals written before keys held it).
    pub unresolved: String,
    /// The configuration's parameters as JSON (stored beside the key, for readers).
    pub params: String,
    /// How a schema-1 key of this configuration and board began (its canonical line,
    /// for every configuration but the thesis nesting above level 1).
    schema_1_prefix: String,
}

impl Keys {
    /// Whether `key` is of schema 1 and of this configuration and board: an entry
    /// this build does not read.
    pub fn schema_1_twin(&self, key: &str) -> bool {
        key.starts_with(&self.schema_1_prefix)
    }
}

impl Keys {
    pub fn of(plan: &Plan, c: usize, position: &Position) -> Result<Keys, Error> {
        let config = &plan.configs[c].config;
        let params = serde_json::to_string(config)
            .map_err(|e| Error::Other(format!("cannot serialize the configuration: {e}")))?;
        let board = position.board(plan.variant);
        let board_fp = fingerprint(&board.to_string());
        let unresolved = format!("schema {SCHEMA} | {config} | board {board_fp:016x}");
        let resolved = fingerprint(&crate::search::resolution(config, &board, plan.budget));
        Ok(Keys {
            schema_1_prefix: format!("{config} | board {board_fp:016x} | {{"),
            current: format!("{unresolved} | resolved {resolved:016x}"),
            unresolved,
            params,
        })
    }
}
