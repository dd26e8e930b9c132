//! Search settings shared by `solve`, `batch` and `compare` (flattened clap args),
//! turned into a validated [`SearchConfig`] and [`Budget`].
//!
//! Per-level lists (`--c`, `--z`, `--beam-l`, `--beam-w`, `--inner`) are
//! comma-separated, from level 1 upward. Missing upper levels take their defaults
//! (C = 0, z = 0, no beam); `auto` stands for the [`crate::search::Params`] default
//! of the board's variant; `none` switches a level's beam off.

use crate::error::Error;
use crate::policy::RolloutPolicy;
use crate::search::{Advance, Algo, Beam, Budget, Params, RewardNorm, SearchConfig, Setting};

/// Algorithm, its parameters and the budget.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// Algorithm: mcts, nmcs, nmcts, bmcts, nbmcts, exact or nrpa. Default nrpa (level 3):
    /// stronger than level-2 NMCS at equal time on every variant and on validation
    /// positions never used for tuning (docs/experiments.md, "The default algorithm").
    #[arg(long, default_value = "nrpa")]
    pub algo: String,
    /// Nesting level (nmcs, nmcts, nbmcts: default 2; nrpa: default 3). mcts and bmcts
    /// are level 1.
    #[arg(long)]
    pub level: Option<u32>,
    /// Rollout policy: random, tabu, tabu-bandit, or auto (tabu for SameGame, random
    /// for Clickomania and Bubble Breaker).
    #[arg(long, default_value = "auto")]
    pub policy: RolloutPolicy,
    /// UCB1-TUNED exploration factor per level, from level 1 (e.g. 0.0002,0);
    /// `auto` = per-variant default at level 1; higher levels default to 0.
    #[arg(long, allow_hyphen_values = true)]
    pub c: Option<String>,
    /// Move-by-move search per level: spread the level's budget over the first z
    /// moves (0 = global search; `auto` = the tuned z for the variant and budget
    /// class, docs/search.md). Default 0 at every level.
    #[arg(long)]
    pub z: Option<String>,
    /// How move-by-move search advances: visits (most-sampled move) or best (next move
    /// of the best solution).
    #[arg(long)]
    pub advance: Option<String>,
    /// BMCTS simulation limit L per level (bmcts, nbmcts); `auto` or `none`.
    #[arg(long)]
    pub beam_l: Option<String>,
    /// BMCTS beam width W per level (bmcts, nbmcts); `auto` or `none`.
    #[arg(long)]
    pub beam_w: Option<String>,
    /// Playouts of each lower-level search, levels 1 .. level−1 (nmcts, nbmcts);
    /// default `auto`.
    #[arg(long)]
    pub inner: Option<String>,
    /// Independent restarts of the top-level search sharing the budget (tree searches).
    #[arg(long)]
    pub restarts: Option<u64>,
    /// Exploration factor of the UCB1-TUNED bandit choosing the tabu colour (only
    /// with --policy tabu-bandit; default: tuned by the bandit's lifetime, 0.001 for a level-1 search of at most 31,623 playouts, else 1).
    #[arg(long)]
    pub bandit_c: Option<f64>,
    /// One-player MCTS-Solver (tree searches): solved subtrees are never entered
    /// again and a solved root stops its search. `off` restores the old behaviour.
    #[arg(long, value_parser = on_off)]
    pub solver: Option<bool>,
    /// Score-bounded solver (tree searches, with --solver on): a node whose upper
    /// bound (running score plus every colour removed as one group, plus the
    /// clearing bonus when possible) cannot beat the best game found is closed
    /// without a playout. `off` gives the plain MCTS-Solver.
    #[arg(long, value_parser = on_off)]
    pub bounds: Option<bool>,
    /// Move-by-move search keeps the committed move's subtree (tree searches).
    #[arg(long, value_parser = on_off)]
    pub reuse: Option<bool>,
    /// Reward scaling in selection (tree searches): thesis (the thesis' fixed
    /// normalisation) or range (by the range of scores seen in the level's search).
    #[arg(long)]
    pub reward_norm: Option<RewardNorm>,
    /// Solve positions with at most N tiles left exactly (0 = off); not with exact.
    #[arg(long)]
    pub endgame: Option<u32>,
    /// Transposition table of exact and of the endgame solver, in MB.
    #[arg(long)]
    pub tt_mb: Option<u64>,
    /// NRPA: lower-level searches per search at every level ≥ 1 (N), or `auto`
    /// (default: 100 on boards of at least 144 tiles, 20 on smaller ones).
    #[arg(long)]
    pub nrpa_iterations: Option<String>,
    /// NRPA: learning rate α of the policy adaptation (default 1).
    #[arg(long)]
    pub nrpa_alpha: Option<f64>,
    /// GNRPA bias β: β · (group size − 2) added to every move's weight (default 0).
    #[arg(long, allow_hyphen_values = true)]
    pub nrpa_bias: Option<f64>,
    /// NRPA selective policy, late-game exception: once at most T tiles are left,
    /// tabu-colour groups of at most --nrpa-late-size tiles are candidates too
    /// (default 0 = never).
    #[arg(long, value_name = "T")]
    pub nrpa_late_tiles: Option<u16>,
    /// NRPA: largest tabu-colour group the late-game exception lets in (default 2).
    #[arg(long, value_name = "S")]
    pub nrpa_late_size: Option<u16>,
    /// Heuristic evaluation for --im-alpha and --pb (tree searches): none,
    /// potential or colors (docs/search.md).
    #[arg(long)]
    pub eval: Option<String>,
    /// Weight α of the implicit value per level, from level 1 (tree searches):
    /// selection ranks children by (1 − α)·mean + α·v; 0 = off.
    #[arg(long)]
    pub im_alpha: Option<String>,
    /// The implicit value: eval (max backup of --eval) or best (best simulation).
    #[arg(long)]
    pub im_source: Option<String>,
    /// Progressive bias W per level (tree searches): W·h/(n+1) added in selection,
    /// h the child's normalised --eval; 0 = off.
    #[arg(long)]
    pub pb: Option<String>,
    /// Root parallelisation: N independent searches with their own seeds share the
    /// budget (--iterations is the total); tree searches pool their root statistics
    /// at each move-by-move decision. Not with exact. `solve` also calls it --threads.
    /// `auto` (the default of mcts): 2 for MCTS in SameGame and Bubble Breaker with
    /// an iteration budget, else 1 (docs/search.md, "Root parallelisation").
    #[arg(long, value_parser = threads_arg)]
    pub search_threads: Option<u32>,
    /// Budget: level-0 playouts for the whole search.
    #[arg(long, conflicts_with = "time")]
    pub iterations: Option<u64>,
    /// Budget: wall-clock seconds per search.
    #[arg(long)]
    pub time: Option<f64>,
}

/// `--search-threads`: `auto` (0) or a count of at least 1.
pub(crate) fn threads_arg(s: &str) -> Result<u32, String> {
    match s {
        "auto" => Ok(0),
        _ => match s.parse::<u32>() {
            Ok(0) => Err("must be at least 1 (or auto)".into()),
            Ok(n) => Ok(n),
            Err(e) => Err(format!("{e}")),
        },
    }
}

fn on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, got '{s}'")),
    }
}

/// One entry of a per-level list: a value, `auto` or `none`.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Item<T> {
    Val(T),
    Auto,
    None,
}

fn parse_list<T: std::str::FromStr>(flag: &str, s: &str) -> Result<Vec<Item<T>>, Error> {
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

fn check_len<T>(flag: &str, v: &[T], n: usize) -> Result<(), Error> {
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
fn per_level_weights(flag: &str, s: Option<&str>, n: usize) -> Result<Vec<f64>, Error> {
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

impl SearchArgs {
    /// The validated configuration.
    pub fn config(&self) -> Result<SearchConfig, Error> {
        let algo: Algo = self.algo.parse()?;
        let level = match self.level {
            Some(l) => l,
            None if algo == Algo::Nrpa => Params::NRPA_LEVEL,
            None if algo.is_nested() => Params::LEVEL,
            None => 1,
        };
        if level == 0 {
            return Err(Error::Config("--level must be at least 1".into()));
        }
        let mut c = SearchConfig::new(algo, level);
        c.level = level;
        c.policy = self.policy;
        let n = if algo.is_tree() { level as usize } else { 0 };
        if !algo.is_tree() {
            for (flag, given) in [
                ("--c", self.c.is_some()),
                ("--z", self.z.is_some()),
                ("--advance", self.advance.is_some()),
                ("--beam-l", self.beam_l.is_some()),
                ("--beam-w", self.beam_w.is_some()),
                ("--inner", self.inner.is_some()),
                ("--restarts", self.restarts.is_some()),
                ("--solver", self.solver.is_some()),
                ("--bounds", self.bounds.is_some()),
                ("--reuse", self.reuse.is_some()),
                ("--reward-norm", self.reward_norm.is_some()),
                ("--eval", self.eval.is_some()),
                ("--im-alpha", self.im_alpha.is_some()),
                ("--im-source", self.im_source.is_some()),
                ("--pb", self.pb.is_some()),
            ] {
                if given {
                    return Err(Error::Config(format!(
                        "{flag} is not used by {} (it builds no tree)",
                        algo.name()
                    )));
                }
            }
        }
        if let Some(s) = &self.c {
            let v = parse_list::<f64>("--c", s)?;
            check_len("--c", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                c.c[i] = match it {
                    Item::Val(x) if !(x.is_finite() && x >= 0.0) => {
                        return Err(Error::Config(format!(
                            "--c must be a finite number ≥ 0, got {x}"
                        )))
                    }
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto if i == 0 => Setting::Auto,
                    Item::Auto => Setting::Set(0.0),
                    Item::None => return Err(Error::Config("--c cannot be 'none'".into())),
                };
            }
        }
        if let Some(s) = &self.z {
            let v = parse_list::<u32>("--z", s)?;
            check_len("--z", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                c.z[i] = match it {
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto => Setting::Auto,
                    Item::None => Setting::Set(0),
                };
            }
        }
        if let Some(a) = &self.advance {
            c.advance = a.parse::<Advance>()?;
        }
        if self.beam_l.is_some() || self.beam_w.is_some() {
            if !algo.has_beam() {
                return Err(Error::Config(format!(
                    "--beam-l/--beam-w are only used by bmcts and nbmcts, not {}",
                    algo.name()
                )));
            }
            let l = match &self.beam_l {
                Some(s) => parse_list::<u64>("--beam-l", s)?,
                None => vec![],
            };
            let w = match &self.beam_w {
                Some(s) => parse_list::<u32>("--beam-w", s)?,
                None => vec![],
            };
            check_len("--beam-l", &l, n)?;
            check_len("--beam-w", &w, n)?;
            for i in 0..n {
                let default = if i == 0 { Item::Auto } else { Item::None };
                let li = l.get(i).copied().unwrap_or(default);
                let wi = w.get(i).copied().unwrap_or(if li == Item::None {
                    Item::None
                } else {
                    Item::Auto
                });
                c.beam[i] = match (li, wi) {
                    (Item::None, Item::None) => None,
                    (Item::None, _) | (_, Item::None) => {
                        return Err(Error::Config(format!(
                            "--beam-l and --beam-w disagree at level {}: a beam needs both (or neither: none)",
                            i + 1
                        )))
                    }
                    (li, wi) => Some(Beam {
                        l: match li {
                            Item::Val(0) => {
                                return Err(Error::Config("--beam-l must be at least 1".into()))
                            }
                            Item::Val(x) => Setting::Set(x),
                            _ => Setting::Auto,
                        },
                        w: match wi {
                            Item::Val(0) => {
                                return Err(Error::Config("--beam-w must be at least 1".into()))
                            }
                            Item::Val(x) => Setting::Set(x),
                            _ => Setting::Auto,
                        },
                    }),
                };
            }
        }
        if let Some(s) = &self.inner {
            if s.trim() != "auto" {
                if level < 2 {
                    return Err(Error::Config(
                        "--inner needs --level 2 or more (it sets the lower levels' playouts)"
                            .into(),
                    ));
                }
                let v = parse_list::<u64>("--inner", s)?;
                let mut out = Vec::new();
                for it in v {
                    match it {
                        Item::Val(0) => {
                            return Err(Error::Config("--inner values must be at least 1".into()))
                        }
                        Item::Val(x) => out.push(x),
                        _ => {
                            return Err(Error::Config(
                                "--inner takes numbers, or just 'auto' for the whole list".into(),
                            ))
                        }
                    }
                }
                if out.len() != n - 1 {
                    return Err(Error::Config(format!(
                        "--inner needs {} value(s) (playouts per search of levels 1 to {}), got {}",
                        n - 1,
                        n - 1,
                        out.len()
                    )));
                }
                c.inner = Some(out);
            }
        }
        if let Some(r) = self.restarts {
            c.restarts = r;
        }
        c.bandit_c = self.bandit_c;
        if let Some(v) = self.solver {
            c.solver = v;
        }
        if let Some(v) = self.bounds {
            c.bounds = v;
        }
        if let Some(v) = self.reuse {
            c.reuse = v;
        }
        if let Some(v) = self.reward_norm {
            c.reward_norm = v;
        }
        if let Some(e) = &self.eval {
            c.eval = e.parse()?;
        }
        if let Some(s) = &self.im_source {
            c.im_source = s.parse()?;
        }
        c.im_alpha = per_level_weights("--im-alpha", self.im_alpha.as_deref(), n)?;
        c.pb = per_level_weights("--pb", self.pb.as_deref(), n)?;
        if let Some(v) = self.endgame {
            c.endgame = v;
        }
        if let Some(v) = self.tt_mb {
            c.tt_mb = v;
        }
        let nrpa_flags = [
            ("--nrpa-iterations", self.nrpa_iterations.is_some()),
            ("--nrpa-alpha", self.nrpa_alpha.is_some()),
            ("--nrpa-bias", self.nrpa_bias.is_some()),
            ("--nrpa-late-tiles", self.nrpa_late_tiles.is_some()),
            ("--nrpa-late-size", self.nrpa_late_size.is_some()),
        ];
        if algo != Algo::Nrpa {
            if let Some((flag, _)) = nrpa_flags.iter().find(|f| f.1) {
                return Err(Error::Config(format!(
                    "{flag} is only used by nrpa, not {}",
                    algo.name()
                )));
            }
        }
        if let Some(v) = &self.nrpa_iterations {
            c.nrpa.iterations = match v.trim() {
                "auto" => Setting::Auto,
                t => Setting::Set(t.parse().map_err(|_| {
                    Error::Config(format!(
                        "--nrpa-iterations: cannot read '{t}' (a whole number or auto)"
                    ))
                })?),
            };
        }
        if let Some(v) = self.nrpa_alpha {
            c.nrpa.alpha = v;
        }
        if let Some(v) = self.nrpa_bias {
            c.nrpa.bias = v;
        }
        if let Some(v) = self.nrpa_late_tiles {
            c.nrpa.late.tiles = v;
        }
        if let Some(v) = self.nrpa_late_size {
            c.nrpa.late.size = v;
        }
        if let Some(n) = self.search_threads {
            c.threads = n;
        }
        c.validate()?;
        Ok(c)
    }

    /// The budget; `default` when neither `--iterations` nor `--time` is given.
    pub fn budget(&self, default: Budget) -> Result<Budget, Error> {
        Ok(budget_from_flags(self.iterations, self.time)?.unwrap_or(default))
    }
}

/// The budget given by `--iterations` / `--time` (`None` when neither is given),
/// refusing zero iterations and non-positive or non-finite times.
pub fn budget_from_flags(
    iterations: Option<u64>,
    time: Option<f64>,
) -> Result<Option<Budget>, Error> {
    match (iterations, time) {
        (Some(0), _) => Err(Error::Config("--iterations must be at least 1".into())),
        (Some(k), _) => Ok(Some(Budget::Iterations(k))),
        (None, Some(t)) if !(t > 0.0 && t.is_finite()) => Err(Error::Config(format!(
            "--time must be a positive number of seconds, not {t}"
        ))),
        (None, Some(t)) => Ok(Some(Budget::Time(t))),
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct T {
        #[command(flatten)]
        a: SearchArgs,
    }

    fn cfg(args: &str) -> Result<SearchConfig, Error> {
        let t = T::try_parse_from(std::iter::once("x").chain(args.split_whitespace()))
            .map_err(|e| Error::Config(e.to_string()))?;
        t.a.config()
    }

    fn err(args: &str, flag: &str) {
        match cfg(args) {
            Err(Error::Config(m)) => assert!(m.contains(flag), "{args}: {m}"),
            other => panic!("{args}: expected an error naming {flag}, got {other:?}"),
        }
    }

    #[test]
    fn display_round_trips_through_the_flags() {
        for a in [
            "--algo mcts",
            "--algo mcts --c 0.5 --z 10 --advance best --restarts 4 --policy tabu",
            "--algo nmcs --level 3",
            "--algo nmcts",
            "--algo nmcts --level 3 --c 0.0002 --inner 100,10000 --z 5,0,2",
            "--algo bmcts --beam-l 100 --beam-w 3",
            "--algo bmcts",
            "--algo nbmcts --beam-l 10,1000 --beam-w 2,5 --policy tabu-bandit",
            "--algo nmcts --z auto,20 --policy tabu-bandit --bandit-c 0.1",
            "--algo mcts --z auto",
            "--algo nbmcts --level 3",
            "--algo mcts --solver off --reuse off --reward-norm range",
            "--algo nmcts --bounds off",
            "--algo nmcs --endgame 20 --tt-mb 16",
            "--algo exact --tt-mb 8",
            "--algo nmcts --endgame 12",
            "--algo nrpa",
            "--algo nrpa --level 2 --nrpa-iterations 50 --nrpa-alpha 0.5 --nrpa-bias=-0.25 --policy random",
            "--algo nrpa --nrpa-late-tiles 40 --nrpa-late-size 3 --policy tabu",
            "--algo nrpa --nrpa-late-size 4",
            "--algo mcts --eval colors --im-alpha 0.3 --pb 0.5",
            "--algo nmcts --eval potential --im-alpha 0.2 --im-source best",
            "--algo nbmcts --im-alpha 0,0.1 --im-source best",
            "--algo mcts --z 10 --search-threads 2",
            "--algo mcts --search-threads 1",
            "--algo mcts --search-threads auto",
            "--algo nrpa --search-threads 3",
        ] {
            let c = cfg(a).unwrap();
            let shown = c.to_string();
            let rest = shown.split_once(' ').map_or("", |x| x.1);
            let again = cfg(&format!("--algo {} {rest}", c.algo.name())).unwrap();
            assert_eq!(c, again, "{a} → {shown}");
        }
        assert_eq!(
            cfg("--algo nmcts --c 0.0002").unwrap().to_string(),
            "nmcts --level 2 --c 0.0002,0 --z 0,0 --advance visits --inner auto --restarts 1 --solver on --reuse on --reward-norm thesis --policy auto"
        );
        assert_eq!(
            cfg("--algo bmcts --policy random").unwrap().to_string(),
            "bmcts --c auto --beam-l auto --beam-w auto --z 0 --advance visits --restarts 1 --solver on --reuse on --reward-norm thesis --policy random"
        );
        assert_eq!(
            cfg("").unwrap().to_string(),
            "nrpa --level 3 --nrpa-iterations auto --nrpa-alpha 1 --nrpa-bias 0 --policy auto"
        );
        // Zero weights are off: the same configuration and canonical form as no flag.
        assert_eq!(
            cfg("--algo nmcts --im-alpha 0 --pb 0,0").unwrap(),
            cfg("--algo nmcts").unwrap()
        );
        assert_eq!(
            cfg("--algo nmcts --im-alpha 0.3 --eval colors")
                .unwrap()
                .im_alpha,
            vec![0.3, 0.0]
        );
        assert_eq!(
            cfg("--algo nrpa").unwrap().to_string(),
            "nrpa --level 3 --nrpa-iterations auto --nrpa-alpha 1 --nrpa-bias 0 --policy auto"
        );
    }

    #[test]
    fn nrpa_iterations_auto_or_a_number() {
        use crate::search::Setting;
        assert_eq!(cfg("--algo nrpa").unwrap().nrpa.iterations, Setting::Auto);
        let c = cfg("--algo nrpa --nrpa-iterations 100").unwrap();
        assert_eq!(c.nrpa.iterations, Setting::Set(100));
        assert!(c.to_string().contains("--nrpa-iterations 100 "), "{c}");
        assert_eq!(
            cfg("--algo nrpa --nrpa-iterations auto").unwrap(),
            cfg("--algo nrpa").unwrap()
        );
        err("--algo nrpa --nrpa-iterations many", "--nrpa-iterations");
        // JSON: an explicit N is the number it always was; auto is a word; both
        // read back.
        let json = serde_json::to_string(&c.nrpa).unwrap();
        assert!(json.contains("\"iterations\":100"), "{json}");
        let auto = serde_json::to_string(&cfg("--algo nrpa").unwrap().nrpa).unwrap();
        assert!(auto.contains("\"iterations\":\"auto\""), "{auto}");
        for (j, want) in [(json, c), (auto, cfg("--algo nrpa").unwrap())] {
            let mut back = want.clone();
            back.nrpa = serde_json::from_str(&j).unwrap();
            assert_eq!(back, want, "{j}");
        }
    }

    #[test]
    fn nonsense_is_refused_naming_the_flag() {
        err("--algo nmcts --level 0", "--level");
        err("--algo mcts --level 2", "--level");
        err("--algo mcts --c -1", "--c");
        err("--algo mcts --c NaN", "--c");
        err("--algo mcts --c 0.1,0.2", "--c");
        err("--algo nmcts --inner 10,20", "--inner");
        err("--algo nmcts --inner 0", "--inner");
        err("--algo mcts --inner 10", "--inner");
        err("--algo bmcts --beam-w 0", "--beam-w");
        err("--algo bmcts --beam-l 0", "--beam-l");
        err("--algo mcts --beam-l 10", "--beam-l");
        err("--algo nbmcts --beam-l 10,none --beam-w 2,3", "--beam-l");
        err("--algo nmcs --c 0.1", "--c");
        err("--algo mcts --restarts 0", "--restarts");
        err("--algo mcts --advance most", "--advance");
        err("--algo tree", "--algo");
        err("--algo mcts --z x", "--z");
        err("--algo nmcs --solver off", "--solver");
        err("--algo nmcs --bounds off", "--bounds");
        err("--algo nmcs --reward-norm range", "--reward-norm");
        err("--algo exact --reuse on", "--reuse");
        err("--algo exact --endgame 10", "--endgame");
        err("--algo mcts --tt-mb 0", "--tt-mb");
        err("--algo nmcs --nrpa-iterations 10", "--nrpa-iterations");
        err("--algo mcts --nrpa-alpha 0.5", "--nrpa-alpha");
        err("--algo nmcts --nrpa-bias 1", "--nrpa-bias");
        err("--algo nrpa --nrpa-iterations 0", "--nrpa-iterations");
        err("--algo nrpa --nrpa-alpha 0", "--nrpa-alpha");
        err("--algo nrpa --nrpa-alpha NaN", "--nrpa-alpha");
        err("--algo nrpa --nrpa-bias inf", "--nrpa-bias");
        err("--algo nmcs --nrpa-late-tiles 30", "--nrpa-late-tiles");
        err("--algo nrpa --nrpa-late-size 1", "--nrpa-late-size");
        err(
            "--algo nrpa --nrpa-late-tiles 30 --policy random",
            "--nrpa-late-tiles",
        );
        err("--algo nrpa --c 0.1", "--c");
        err("--algo nrpa --inner 10", "--inner");
        err("--algo nrpa --solver on", "--solver");
        err("--algo nrpa --restarts 2", "--restarts");
        err("--algo nrpa --policy tabu-bandit", "--policy");
        err("--algo nrpa --endgame 10", "--endgame");
        err("--algo nrpa --level 9", "--level");
        err("--algo nmcs --eval colors", "--eval");
        err("--algo nrpa --im-alpha 0.3", "--im-alpha");
        err("--algo exact --pb 1", "--pb");
        err("--algo nmcs --im-source best", "--im-source");
        err("--algo mcts --search-threads 0", "--search-threads");
        err("--algo exact --search-threads 2", "--search-threads");
        err("--algo mcts --eval best", "--eval");
        err("--algo mcts --im-source colors", "--im-source");
        err("--algo mcts --im-alpha 0.3", "--im-alpha");
        err("--algo mcts --im-alpha 2 --eval colors", "--im-alpha");
        err("--algo mcts --im-alpha 0.1,0.2 --eval colors", "--im-alpha");
        err("--algo mcts --pb 1", "--pb");
        err("--algo mcts --pb auto --eval colors", "--pb");
        assert!(T::try_parse_from(["x", "--solver", "maybe"]).is_err());
        err("--algo mcts --policy tabu --bandit-c 0.1", "--bandit-c");
        err(
            "--algo mcts --policy tabu-bandit --bandit-c=-1",
            "--bandit-c",
        );
        let a = T::try_parse_from(["x", "--time=-1"]).unwrap().a;
        assert!(
            matches!(a.budget(Budget::Iterations(1)), Err(Error::Config(m)) if m.contains("--time"))
        );
        let a = T::try_parse_from(["x", "--time=NaN"]).unwrap().a;
        assert!(a.budget(Budget::Iterations(1)).is_err());
    }
}
