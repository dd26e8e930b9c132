//! Tests of the comparison's plan, pairing, aggregation and report text
//! (`crate::compare`).

use super::*;
use crate::io::testset::{Position, TestSet};
use crate::search::{Algo, Setting, Spec};

fn entry(label: &str, level: u32) -> Entry {
    Entry {
        label: label.into(),
        spec: format!("--level {level}"),
        config: crate::search::SearchConfig::new(Algo::Nmcts, level)
            .valid()
            .unwrap(),
    }
}

fn plan(runs: u32, aggregate: Aggregate) -> Plan {
    Plan {
        testset: "tiny".into(),
        variant: Variant::SameGame,
        budget: Budget::Iterations(20),
        runs,
        seed: 7,
        aggregate,
        baseline: 0,
        all_pairs: true,
        configs: vec![entry("a", 1), entry("b, \"quoted\"", 2), entry("c", 3)],
    }
}

fn set() -> TestSet {
    let text = "0112\n2201\n1210\n\n2201\n0122\n2021\n\n0000\n1111\n0101\n";
    TestSet::parse(text, std::path::Path::new("tiny.txt")).unwrap()
}

fn job(config: usize, position: usize, run: u32, score: i32) -> JobResult {
    JobResult {
        config,
        position,
        run,
        score,
        playouts: 10,
        nodes_created: 0,
        peak_nodes: 0,
        seconds: 0.5,
        moves: Vec::new(),
    }
}

#[test]
fn validate_rejects_nonsense() {
    let mut p = plan(1, Aggregate::Mean);
    p.runs = 0;
    assert!(p.validate().unwrap_err().to_string().contains("--runs"));
    let mut p = plan(1, Aggregate::Mean);
    p.configs.clear();
    assert!(p.validate().is_err());
    let mut p = plan(1, Aggregate::Mean);
    p.configs[2].label = "a".into();
    assert!(p
        .validate()
        .unwrap_err()
        .to_string()
        .contains("same label 'a'"));
    let mut p = plan(1, Aggregate::Mean);
    p.baseline = 3;
    assert!(p.validate().is_err());
}

#[test]
fn aggregation_mean_and_max() {
    let jobs = vec![
        job(0, 1, 0, 10),
        job(0, 1, 1, 20),
        job(0, 2, 0, 30),
        job(0, 2, 1, 30),
        job(1, 1, 0, 12),
        job(1, 1, 1, 40),
        job(1, 2, 0, 31),
        job(1, 2, 1, 35),
        job(2, 1, 0, 0),
        job(2, 1, 1, 0),
        job(2, 2, 0, 0),
        job(2, 2, 1, 0),
    ];
    let r = Report::new(plan(2, Aggregate::Mean), jobs.clone());
    assert_eq!(r.positions, vec![1, 2]);
    assert_eq!(r.samples[0], vec![15.0, 30.0]);
    assert_eq!(r.samples[1], vec![26.0, 33.0]);
    assert_eq!(r.configs[0].score.mean, 22.5);
    assert_eq!(r.configs[0].playouts_per_second, 20.0);
    assert_eq!(r.vs_baseline.len(), 2);
    assert_eq!((r.vs_baseline[0].a, r.vs_baseline[0].b), (1, 0));
    assert_eq!(r.vs_baseline[0].test.diff.mean, 7.0);
    let pairs: Vec<_> = r.other_pairs.iter().map(|p| (p.a, p.b)).collect();
    assert_eq!(pairs, vec![(2, 1)]);
    let m = Report::new(plan(2, Aggregate::Max), jobs);
    assert_eq!(m.samples[0], vec![20.0, 30.0]);
    assert_eq!(m.samples[1], vec![40.0, 35.0]);
}

/// Under a CPU-time budget playouts/s count the budget's seconds, not the wall
/// clock (a run at SCHED_IDLE beside a build takes longer, not fewer playouts).
#[test]
fn cpu_budget_rates_count_the_budget_seconds() {
    let mut p = plan(1, Aggregate::Mean);
    p.budget = Budget::CpuTime(0.25);
    let jobs = vec![job(0, 1, 0, 10), job(1, 1, 0, 10), job(2, 1, 0, 10)];
    let r = Report::new(p, jobs.clone());
    // 10 playouts over 0.25 CPU s each, whatever the 0.5 wall seconds.
    assert_eq!(r.configs[0].playouts_per_second, 40.0);
    assert_eq!(
        Report::new(plan(1, Aggregate::Mean), jobs).configs[0].playouts_per_second,
        20.0
    );
}

#[test]
fn jobs_are_paired_and_deterministic() {
    let set = set();
    let positions: Vec<&Position> = set.positions.iter().collect();
    let p = plan(2, Aggregate::Mean);
    let one = run_jobs(&p, &positions, 1, &Progress(|| {})).unwrap();
    let two = run_jobs(&p, &positions, 2, &Progress(|| {})).unwrap();
    assert_eq!(one.len(), 3 * 3 * 2);
    let key = |v: &[JobResult]| -> Vec<_> {
        v.iter()
            .map(|j| (j.config, j.position, j.run, j.score, j.playouts))
            .collect()
    };
    assert_eq!(key(&one), key(&two));
    assert!(one
        .windows(2)
        .all(|w| (w[0].config, w[0].position, w[0].run) < (w[1].config, w[1].position, w[1].run)));
}

/// Records the (position, config, run) of each job as it finishes.
struct Order(std::sync::Mutex<Vec<(usize, usize, u32)>>);

impl JobLog for Order {
    fn finished(&self, _: &Plan, _: &Position, j: &JobResult) -> Result<(), Error> {
        self.0.lock().unwrap().push((j.position, j.config, j.run));
        Ok(())
    }
}

#[test]
fn jobs_start_position_by_position() {
    let set = set();
    let positions: Vec<&Position> = set.positions.iter().collect();
    let p = plan(2, Aggregate::Mean);
    let mut all: Vec<(usize, usize, u32)> = Vec::new();
    for pos in &set.positions {
        for c in 0..3 {
            all.extend([(pos.index, c, 0), (pos.index, c, 1)]);
        }
    }
    let log = Order(Default::default());
    run_jobs(&p, &positions, 1, &log).unwrap();
    assert_eq!(*log.0.lock().unwrap(), all, "one thread: in order");
    // Two threads (these searches start no threads of their own, so two jobs at
    // most are in flight): the k-th job to finish was among the first k + 2.
    let log = Order(Default::default());
    run_jobs(&p, &positions, 2, &log).unwrap();
    let done = log.0.lock().unwrap();
    assert_eq!(done.len(), all.len());
    for (k, j) in done.iter().enumerate() {
        let started = all.iter().position(|x| x == j).unwrap();
        assert!(started <= k + 1, "job {j:?} finished {k}-th");
    }
}

/// Splits one CSV line into fields (RFC 4180 quoting).
fn csv_split(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            _ => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

#[test]
fn csv_and_json_structure() {
    let set = set();
    let positions: Vec<&Position> = set.positions.iter().collect();
    let p = plan(1, Aggregate::Mean);
    let r = Report::new(
        p.clone(),
        run_jobs(&p, &positions, 1, &Progress(|| {})).unwrap(),
    );
    let jobs = r.jobs_csv();
    let lines: Vec<&str> = jobs.lines().collect();
    assert_eq!(lines.len(), 1 + 3 * 3);
    assert!(lines[0].starts_with("label,config,position,run,seed,score"));
    assert!(lines[4].starts_with("\"b, \"\"quoted\"\"\",\"nmcts --level 2 "));
    let summary = r.summary_csv();
    let rows: Vec<&str> = summary.lines().collect();
    // Header, 3 configs, 2 baseline pairs, 1 other pair; 13 columns each.
    assert_eq!(rows.len(), 1 + 3 + 2 + 1);
    assert!(rows[1].starts_with("config,a,,"));
    assert!(rows[4].starts_with("diff,\"b, \"\"quoted\"\"\",a,"));
    assert!(rows.iter().all(|r| csv_split(r).len() == 13), "{summary}");
    assert!(lines.iter().all(|l| csv_split(l).len() == 10), "{jobs}");
    assert_eq!(csv_split(lines[4])[0], "b, \"quoted\"");
    // Lines stay out of the reports; every job and sample is there.
    assert!(r.jobs.iter().all(|j| !j.moves.is_empty()));
    let v: serde_json::Value = serde_json::from_str(&r.to_json(None)).unwrap();
    let jobs = v["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), r.jobs.len());
    assert!(jobs.iter().all(|j| j.get("moves").is_none()), "{jobs:?}");
    assert_eq!(v["jobs"][0]["score"], r.jobs[0].score);
    assert_eq!(v["plan"]["seed"], r.plan.seed);
    assert_eq!(v["configs"].as_array().unwrap().len(), 3);
    assert!(
        v["vs_baseline"][0]["test"]["p"].is_number() || v["vs_baseline"][0]["test"]["p"].is_null()
    );
}

/// Configurations that resolve to one search are found, and do play the same
/// games: NRPA with `--policy auto` and `tabu` on a 15 × 15 board of 5 colours, MCTS
/// with its default C and that value written out. Another NRPA α, another NMCS
/// level and another C are other searches.
#[test]
fn configurations_that_resolve_to_one_search_are_found_and_play_alike() {
    use crate::policy::RolloutPolicy;
    use crate::search::{search, SearchConfig};
    let text = include_str!("../../testsets/samegame-standard-20.txt");
    let set = TestSet::parse(text, std::path::Path::new("standard-20.txt")).unwrap();
    let positions: Vec<&Position> = set.positions[..2].iter().collect();
    let board = positions[0].board(Variant::SameGame);
    let budget = Budget::Iterations(3000);
    let nrpa = SearchConfig::new(Algo::Nrpa, 3);
    let mut tabu = nrpa.clone();
    tabu.policy = RolloutPolicy::Tabu;
    let mut alpha = nrpa.clone();
    if let Spec::Nrpa(n) = &mut alpha.spec {
        n.nrpa.alpha = 2.0;
    }
    let mcts = SearchConfig::new(Algo::Mcts, 1);
    let c = mcts.resolve(&board, budget).plan.unwrap().levels[0].c;
    let (mut c_set, mut c_other) = (mcts.clone(), mcts.clone());
    c_set.tree_mut().unwrap().c[0] = Setting::Set(c);
    c_other.tree_mut().unwrap().c[0] = Setting::Set(c * 3.0 + 0.01);
    let configs = [
        nrpa,
        tabu,
        alpha,
        mcts,
        c_set,
        c_other,
        SearchConfig::new(Algo::Nmcs, 1),
        SearchConfig::new(Algo::Nmcs, 2),
    ];
    let mut p = plan(1, Aggregate::Mean);
    p.configs = configs
        .iter()
        .enumerate()
        .map(|(i, c)| Entry {
            label: format!("c{i}"),
            spec: String::new(),
            config: c.clone().valid().unwrap(),
        })
        .collect();
    let groups = p.same_searches(budget, &positions);
    assert_eq!(groups, vec![vec![0, 1], vec![3, 4]]);
    for g in &groups {
        for pos in &positions {
            let b = pos.board(Variant::SameGame);
            let play = |i: usize| {
                let mut rng = crate::rng_for(7, pos.index as u64, 0);
                let r = search(&p.configs[i].config, &b, budget, &mut rng);
                (r.score, r.moves)
            };
            assert_eq!(play(g[0]), play(g[1]), "{g:?}");
        }
    }
}
