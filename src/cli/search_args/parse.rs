//! The value parsers of the search flags (`auto` or a number, `on`/`off`, thread
//! counts) and the per-level lists (`--c 0.001,0`, `--im-alpha`, …) with their
//! length checks.
//!
//! Owns: turning one flag's text into values, with an error naming the flag. Must
//! not: build configurations or hold defaults (`SearchArgs::config`, `Defaults`).

use crate::error::Error;
use crate::search::Setting;

/// `--search-threads`: `auto` (0) or a count of at least 1.
pub(crate) fn threads_arg(s: &str) -> Result<u32, String> {
    match s {
        "auto" => Ok(0),
        _ => match s.parse::<u32>() {
            Ok(0) => Err(
                "must be at least 1, or auto (the default); 0 is not a thread count here".into(),
            ),
            Ok(n) => Ok(n),
            Err(e) => Err(format!("{e}")),
        },
    }
}

/// `auto` or a number of type `T` (a count such as NRPA's N, a step; ranges are
/// left to validation).
pub(super) fn auto_or<T: std::str::FromStr>(s: &str) -> Result<Setting<T>, String>
where
    T::Err: std::fmt::Display,
{
    match s {
        "auto" => Ok(Setting::Auto),
        _ => s
            .parse()
            .map(Setting::Set)
            .map_err(|e| format!("{e} (a number or auto)")),
    }
}

pub(super) fn on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, got '{s}'")),
    }
}

/// One entry of a per-level list: a value, `auto` or `none`.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Item<T> {
    Val(T),
    Auto,
    None,
}

pub(super) fn parse_list<T: std::str::FromStr>(flag: &str, s: &str) -> Result<Vec<Item<T>>, Error> {
    s.split(',')
        .map(|t| match t.trim() {
            "auto" => Ok(Item::Auto),
            "none" => Ok(Item::None),
            t => t
                .parse()
                .map(Item::Val)
                .map_err(|_| Error::Config(format!("{flag}: cannot read '{t}' (in '{s}')"))),
        })
        .collect()
}

pub(super) fn check_len<T>(flag: &str, v: &[T], n: usize) -> Result<(), Error> {
    if v.len() > n {
        return Err(Error::Config(format!(
            "{flag} has {} values but the search has {n} level(s)",
            v.len()
        )));
    }
    Ok(())
}

/// A per-level weight list (`--im-alpha`, `--pb`): missing upper levels are 0, and
/// a list of zeros is stored empty (off, so the canonical form is unchanged).
pub(super) fn per_level_weights(flag: &str, s: Option<&str>, n: usize) -> Result<Vec<f64>, Error> {
    let Some(s) = s else { return Ok(Vec::new()) };
    let v = parse_list::<f64>(flag, s)?;
    check_len(flag, &v, n)?;
    let mut out = vec![0.0; n];
    for (o, it) in out.iter_mut().zip(v) {
        *o = match it {
            Item::Val(x) => x,
            _ => return Err(Error::Config(format!("{flag} takes numbers"))),
        };
    }
    if out.iter().all(|&x| x == 0.0) {
        out.clear();
    }
    Ok(out)
}
