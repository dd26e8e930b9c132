//! The parameters of a configuration as the keys of schema 1 held them: the JSON
//! form `SearchConfig` had on 2026-11-27 (fields in declaration order; fields added
//! after the first journals left out at the values that meant what runs did
//! before them; `trees` named `threads`; NRPA's N a number or `"auto"`; the
//! learned rollouts' scope `auto` written as `search`). Written here field by
//! field, so the search types carry none of those rules; the leaves (names of
//! choices, per-level lists, weights) are their plain serde form.
//!
//! Owns: that text, frozen. `tests/golden/params-v1.txt` pins it for every
//! configuration of the committed plans. Must not: change, or follow changes of the
//! search types' shape (a field added to them is not part of schema 1).

use serde::Serialize;

use crate::search::{AdaptConfig, AdaptScope, InnerAlgo, NrpaConfig, NrpaRestart, SearchConfig};

/// `value` as JSON (the leaves' plain serde form).
fn js<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("plain values serialise")
}

/// An object's fields, in order, skipping `None`s.
fn object(fields: &[(&str, Option<String>)]) -> String {
    let body: Vec<String> = fields
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| format!("\"{k}\":{v}")))
        .collect();
    format!("{{{}}}", body.join(","))
}

/// `value` unless it is `skip`.
fn unless<T: PartialEq + Serialize>(value: T, skip: T) -> Option<String> {
    (value != skip).then(|| js(&value))
}

/// The schema-1 JSON of `c`.
pub fn params(c: &SearchConfig) -> String {
    object(&[
        ("algo", Some(js(&c.algo))),
        ("level", Some(js(&c.level))),
        ("policy", Some(js(&c.policy))),
        ("c", Some(js(&c.c))),
        ("beam", Some(js(&c.beam))),
        ("z", Some(js(&c.z))),
        ("advance", Some(js(&c.advance))),
        ("inner", Some(js(&c.inner))),
        ("restarts", Some(js(&c.restarts))),
        ("bandit_c", Some(js(&c.bandit_c))),
        ("solver", Some(js(&c.solver))),
        ("bounds", Some(js(&c.bounds))),
        ("reuse", Some(js(&c.reuse))),
        ("reward_norm", Some(js(&c.reward_norm))),
        ("endgame", Some(js(&c.endgame))),
        ("tt_mb", Some(js(&c.tt_mb))),
        ("beam_width", c.beam_width.map(|w| js(&w))),
        ("playout_beam", unless(c.playout_beam, 0)),
        ("nrpa", Some(nrpa(&c.nrpa))),
        ("adapt", adapt(&c.adapt)),
        ("inner_algo", unless(c.inner_algo, InnerAlgo::Mcts)),
        ("inner_level", c.inner_level.map(|k| js(&k))),
        ("eval", Some(js(&c.eval))),
        ("eval_weights", c.eval_weights.as_ref().map(js)),
        ("im_alpha", Some(js(&c.im_alpha))),
        ("im_source", Some(js(&c.im_source))),
        ("pb", Some(js(&c.pb))),
        ("threads", unless(c.trees, 1)),
        ("nrpa_restart", unless(c.nrpa_restart, NrpaRestart::Fresh)),
    ])
}

fn nrpa(p: &NrpaConfig) -> String {
    let iterations = match p.iterations.given() {
        Some(n) => js(&n),
        None => js("auto"),
    };
    let d = NrpaConfig::default();
    object(&[
        ("iterations", Some(iterations)),
        ("alpha", Some(js(&p.alpha))),
        ("bias", Some(js(&p.bias))),
        ("late", Some(js(&p.late))),
        ("width", unless(p.width, 1)),
        ("prior", unless(p.prior, d.prior)),
        ("stable", unless(p.stable, 1)),
        ("beam", unless(p.beam, 1)),
        ("repeats", unless(p.repeats, 0)),
        ("seed", unless(p.seed, 0)),
    ])
}

/// `None` when schema 1 left the learned rollouts' settings out: the defaults, with
/// the scope `auto` or `search`.
fn adapt(a: &AdaptConfig) -> Option<String> {
    let keyed = |s: AdaptScope| match s {
        AdaptScope::Auto => AdaptScope::Search,
        other => other,
    };
    let d = AdaptConfig::default();
    let plain = AdaptConfig {
        scope: keyed(a.scope),
        ..*a
    };
    if plain
        == (AdaptConfig {
            scope: keyed(d.scope),
            ..d
        })
    {
        return None;
    }
    Some(object(&[
        ("alpha", a.alpha.map(|x| js(&x))),
        ("every", a.every.map(|k| js(&k))),
        ("scope", Some(js(&keyed(a.scope)))),
        ("tabu", Some(js(&a.tabu))),
    ]))
}
