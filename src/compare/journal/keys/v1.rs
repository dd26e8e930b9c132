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

use crate::search::{
    AdaptConfig, AdaptScope, Advance, Defaults, Eval, ImSource, InnerAlgo, NrpaConfig, NrpaRestart,
    SearchConfig, Spec, TreeSpec,
};

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

/// The schema-1 JSON of `c`. Schema 1 held every field of every algorithm; those
/// an algorithm does not read held their defaults, written here as such.
pub fn params(c: &SearchConfig) -> String {
    let t = c.tree();
    let tree = |f: fn(&TreeSpec) -> String, default: &str| t.map_or(default.into(), f);
    let eval = c.eval();
    let nrpa_spec = match &c.spec {
        Spec::Nrpa(n) => Some(n),
        _ => None,
    };
    object(&[
        ("algo", Some(js(&c.algo()))),
        ("level", Some(js(&c.level))),
        ("policy", Some(js(&c.policy))),
        ("c", Some(tree(|t| js(&t.c), "[]"))),
        ("beam", Some(tree(|t| js(&t.beams), "[]"))),
        ("z", Some(tree(|t| js(&t.z), "[]"))),
        (
            "advance",
            Some(tree(|t| js(&t.advance), &js(&Advance::Visits))),
        ),
        ("inner", Some(tree(|t| js(&t.inner_playouts), "null"))),
        ("restarts", Some(tree(|t| js(&t.restarts), "1"))),
        ("bandit_c", Some(js(&c.bandit_c))),
        ("solver", Some(tree(|t| js(&t.solver), "true"))),
        ("bounds", Some(tree(|t| js(&t.bounds), "true"))),
        ("reuse", Some(tree(|t| js(&t.reuse), "true"))),
        (
            "reward_norm",
            Some(tree(|t| js(&t.reward_norm), &js(&Defaults::REWARD_NORM))),
        ),
        ("endgame", Some(js(&c.endgame))),
        ("tt_mb", Some(js(&c.tt_mb))),
        (
            "beam_width",
            match &c.spec {
                Spec::Beam(b) => b.width.map(|w| js(&w)),
                _ => None,
            },
        ),
        (
            "playout_beam",
            match &c.spec {
                Spec::Nmcs(n) => unless(n.playout_beam, 0),
                _ => None,
            },
        ),
        ("nrpa", Some(nrpa(&c.nrpa().copied().unwrap_or_default()))),
        ("adapt", adapt(&c.adapt().copied().unwrap_or_default())),
        (
            "inner_algo",
            t.and_then(|t| unless(t.inner_algo, InnerAlgo::Mcts)),
        ),
        ("inner_level", t.and_then(|t| t.inner_level.map(|k| js(&k)))),
        ("eval", Some(js(&eval.map_or(Eval::None, |e| e.eval)))),
        (
            "eval_weights",
            eval.and_then(|e| e.weights.as_ref().map(js)),
        ),
        ("im_alpha", Some(tree(|t| js(&t.im_alpha), "[]"))),
        (
            "im_source",
            Some(tree(|t| js(&t.im_source), &js(&ImSource::Eval))),
        ),
        ("pb", Some(tree(|t| js(&t.pb), "[]"))),
        ("threads", unless(c.trees, 1)),
        (
            "nrpa_restart",
            nrpa_spec.and_then(|n| unless(n.restart, NrpaRestart::Fresh)),
        ),
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
