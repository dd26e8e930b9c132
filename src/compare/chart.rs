//! SVG chart of a comparison, in the style of the thesis' Figures 4.6-4.9: one panel
//! with the mean score per configuration (bars, 95% CI error bars) and one with the
//! mean paired difference to the baseline (bars, 95% CI error bars, zero line).
//!
//! Owns: [`svg`], hand-written SVG text (no plotting dependency), axis scaling with
//! "nice" ticks and XML escaping. Must not: compute statistics (it draws a
//! [`Report`]), print or write files.

use std::fmt::Write as _;

use crate::compare::Report;

/// One bar to draw.
struct Bar<'a> {
    label: &'a str,
    value: f64,
    ci: Option<f64>,
    note: Option<String>,
}

const PANEL_H: f64 = 330.0;
const TOP: f64 = 90.0;
const LABEL_ROOM: f64 = 130.0;
const LEFT: f64 = 80.0;

/// The chart of `report` as a standalone SVG document.
pub fn svg(report: &Report) -> String {
    let k = report.configs.len();
    let panel_w = (70.0 * k as f64 + 40.0).max(320.0);
    let width = LEFT + panel_w + LEFT + panel_w + 30.0;
    let height = TOP + PANEL_H + LABEL_ROOM;
    let plan = &report.plan;
    let budget = plan.budget.to_string();
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">
<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="white"/>"#
    );
    let title = format!(
        "{} ({}): {} configurations, budget {budget} per search",
        plan.testset, plan.variant, k
    );
    let subtitle = format!(
        "n = {} positions, {} run{} each ({} over runs), seed {}; error bars: 95% CI",
        report.n(),
        plan.runs,
        if plan.runs == 1 { "" } else { "s" },
        plan.aggregate,
        plan.seed
    );
    titles(&mut s, width, &title, &subtitle);
    let means: Vec<Bar> = report
        .configs
        .iter()
        .map(|c| Bar {
            label: &c.label,
            value: c.score.mean,
            ci: c.score.ci95,
            note: None,
        })
        .collect();
    panel(
        &mut s,
        LEFT,
        panel_w,
        "Average score per configuration",
        "mean score",
        &means,
        "bar",
    );
    let base = &report.configs[plan.baseline].label;
    let diffs: Vec<Bar> = report
        .vs_baseline
        .iter()
        .map(|p| Bar {
            label: &p.a_label,
            value: p.test.diff.mean,
            ci: p.test.diff.ci95,
            note: p.test.p.map(format_p),
        })
        .collect();
    panel(
        &mut s,
        LEFT + panel_w + LEFT,
        panel_w,
        &format!("Average increase over {base}"),
        &format!("mean paired difference to {base}"),
        &diffs,
        "diff-bar",
    );
    s.push_str("</svg>\n");
    s
}

/// "p=0.012", "p<0.0001".
fn format_p(p: f64) -> String {
    if p < 1e-4 {
        "p<0.0001".into()
    } else {
        format!("p={p:.4}")
    }
}

/// Draws one panel of bars with error bars; `class` tags each bar for tests/styling.
fn panel(s: &mut String, x0: f64, w: f64, title: &str, ylabel: &str, bars: &[Bar], class: &str) {
    let (y0, y1) = (TOP, TOP + PANEL_H);
    let _ = writeln!(
        s,
        r#"<g class="panel">
<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="14">{}</text>
<text transform="translate({:.1},{:.1}) rotate(-90)" text-anchor="middle">{}</text>"#,
        x0 + w / 2.0,
        y0 - 16.0,
        esc(title),
        x0 - 58.0,
        (y0 + y1) / 2.0,
        esc(ylabel)
    );
    if bars.is_empty() {
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="gray">(no other configuration)</text>
</g>"#,
            x0 + w / 2.0,
            (y0 + y1) / 2.0
        );
        return;
    }
    let mut lo: f64 = 0.0;
    let mut hi: f64 = 0.0;
    for b in bars {
        let e = b.ci.unwrap_or(0.0);
        lo = lo.min(b.value - e);
        hi = hi.max(b.value + e);
    }
    let (lo, hi, step) = nice_range(lo, hi);
    let ys = |v: f64| y1 - (v - lo) / (hi - lo) * (y1 - y0);
    // Grid and ticks.
    y_grid(s, x0, w, (lo, hi, step), ys);
    let _ = writeln!(
        s,
        r#"<line x1="{x0:.1}" y1="{y0:.1}" x2="{x0:.1}" y2="{y1:.1}" stroke="black"/>
<line x1="{x0:.1}" y1="{z:.1}" x2="{:.1}" y2="{z:.1}" stroke="black"/>"#,
        x0 + w,
        z = ys(0.0)
    );
    let slot = w / bars.len() as f64;
    for (i, b) in bars.iter().enumerate() {
        let cx = x0 + slot * (i as f64 + 0.5);
        let bw = (slot * 0.6).min(60.0);
        let (top, bottom) = (ys(b.value.max(0.0)), ys(b.value.min(0.0)));
        let fill = if class == "bar" {
            "#4e79a7"
        } else if b.value >= 0.0 {
            "#59a14f"
        } else {
            "#e15759"
        };
        let _ = writeln!(
            s,
            r#"<rect class="{class}" data-label="{}" x="{:.1}" y="{top:.1}" width="{bw:.1}" height="{:.1}" fill="{fill}"/>"#,
            esc(b.label),
            cx - bw / 2.0,
            (bottom - top).max(0.5)
        );
        if let Some(e) = b.ci {
            let (ya, yb) = (ys(b.value + e), ys(b.value - e));
            let cap = bw / 4.0;
            let _ = writeln!(
                s,
                r#"<path class="ci" d="M{cx:.1},{ya:.1}V{yb:.1}M{:.1},{ya:.1}H{:.1}M{:.1},{yb:.1}H{:.1}" stroke="black" fill="none"/>"#,
                cx - cap,
                cx + cap,
                cx - cap,
                cx + cap
            );
        }
        let label_y = ys((b.value + b.ci.unwrap_or(0.0)).max(b.value.max(0.0))) - 6.0;
        let label_y = label_y.max(y0 + if b.note.is_some() { 10.0 } else { -2.0 });
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{label_y:.1}" text-anchor="middle" font-size="10">{:.1}</text>
<text transform="translate({cx:.1},{:.1}) rotate(-35)" text-anchor="end">{}</text>"#,
            b.value,
            y1 + 16.0,
            esc(b.label)
        );
        if let Some(n) = &b.note {
            let _ = writeln!(
                s,
                r#"<text x="{cx:.1}" y="{:.1}" text-anchor="middle" font-size="10">{}</text>"#,
                label_y - 12.0,
                esc(n)
            );
        }
    }
    s.push_str("</g>\n");
}

/// Expands [lo, hi] (which contains 0) to multiples of a 1-2-5 step, ~5 ticks.
pub(crate) fn nice_range(lo: f64, hi: f64) -> (f64, f64, f64) {
    let span = if hi - lo > 0.0 { hi - lo } else { 1.0 };
    let raw = span / 5.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|&st| st >= raw)
        .unwrap_or(10.0 * mag);
    let lo = (lo / step).floor() * step;
    let mut hi = (hi / step).ceil() * step;
    if hi <= lo {
        hi = lo + step;
    }
    (lo, hi, step)
}

/// A tick value with as many decimals as the step needs.
pub(crate) fn fmt_tick(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    let v = if v.abs() < step * 1e-9 { 0.0 } else { v };
    format!("{v:.decimals$}")
}

/// Escapes text for XML content and attribute values.
/// Horizontal grid lines with their tick labels, from `lo` to `hi` by `step`,
/// across the plot from `x0`, `w` wide; `y` maps a value to its y coordinate.
pub(crate) fn y_grid(
    s: &mut String,
    x0: f64,
    w: f64,
    range: (f64, f64, f64),
    y: impl Fn(f64) -> f64,
) {
    let (lo, hi, step) = range;
    let mut v = lo;
    while v <= hi + step * 1e-9 {
        let yy = y(v);
        let _ = writeln!(
            s,
            r##"<line x1="{x0:.1}" y1="{yy:.1}" x2="{:.1}" y2="{yy:.1}" stroke="#ddd"/>
<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"##,
            x0 + w,
            x0 - 6.0,
            yy + 4.0,
            fmt_tick(v, step)
        );
        v += step;
    }
}

/// The centred title and subtitle lines at the top of a chart.
pub(crate) fn titles(s: &mut String, width: f64, title: &str, subtitle: &str) {
    let _ = writeln!(
        s,
        r#"<text x="{:.1}" y="28" text-anchor="middle" font-size="16" font-weight="bold">{}</text>
<text x="{:.1}" y="48" text-anchor="middle">{}</text>"#,
        width / 2.0,
        esc(title),
        width / 2.0,
        esc(subtitle)
    );
}

pub(crate) fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&apos;"),
            _ => o.push(c),
        }
    }
    o
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::compare::{Aggregate, Entry, JobResult, Plan};
    use crate::rules::Variant;
    use crate::search::Budget;
    use crate::search::{Algo, SearchConfig};

    /// A minimal well-formedness check: tags nest and match, attributes are quoted,
    /// text has no raw `<` and every `&` starts an entity.
    pub(crate) fn check_xml(doc: &str) -> Result<(), String> {
        let mut stack: Vec<String> = Vec::new();
        let mut rest = doc;
        let mut roots = 0;
        while let Some(i) = rest.find('<') {
            check_text(&rest[..i])?;
            let end = rest[i..].find('>').ok_or("unclosed tag")? + i;
            let tag = &rest[i + 1..end];
            rest = &rest[end + 1..];
            if tag.starts_with('?') {
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
                continue;
            }
            let self_closing = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().ok_or("empty tag")?;
            if !body.matches('"').count().is_multiple_of(2) {
                return Err(format!("unbalanced quotes in <{body}>"));
            }
            check_text(body)?;
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name.to_string());
            }
        }
        check_text(rest)?;
        match (stack.is_empty(), roots) {
            (true, 1) => Ok(()),
            (false, _) => Err(format!("unclosed <{}>", stack.join("> <"))),
            (true, n) => Err(format!("{n} root elements")),
        }
    }

    fn check_text(t: &str) -> Result<(), String> {
        for (i, _) in t.match_indices('&') {
            let ent = &t[i..];
            let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| ent.starts_with(e));
            if !ok {
                return Err(format!("bare & in {t:?}"));
            }
        }
        Ok(())
    }

    fn report(labels: &[&str], runs_scores: &[&[i32]]) -> Report {
        let configs = labels
            .iter()
            .map(|l| Entry {
                label: l.to_string(),
                spec: String::new(),
                config: (SearchConfig::new(Algo::Nmcts, 1)).valid().unwrap(),
            })
            .collect();
        let plan = Plan {
            testset: "tiny & <small>".into(),
            variant: Variant::SameGame,
            budget: Budget::Iterations(100),
            runs: 1,
            seed: 1,
            aggregate: Aggregate::Mean,
            baseline: 0,
            all_pairs: false,
            configs,
        };
        let mut jobs = Vec::new();
        for (c, scores) in runs_scores.iter().enumerate() {
            for (p, &score) in scores.iter().enumerate() {
                jobs.push(JobResult {
                    config: c,
                    position: p + 1,
                    run: 0,
                    score,
                    playouts: 100,
                    nodes_created: 0,
                    peak_nodes: 0,
                    seconds: 0.1,
                    moves: Vec::new(),
                });
            }
        }
        Report::new(plan, jobs)
    }

    #[test]
    fn checker_catches_errors() {
        assert!(check_xml("<a><b/></a>").is_ok());
        assert!(check_xml("<a><b></a>").is_err());
        assert!(check_xml("<a>x & y</a>").is_err());
        assert!(check_xml("<a x=\"1></a>").is_err());
        assert!(check_xml("<a/><b/>").is_err());
    }

    #[test]
    fn one_bar_per_config_and_labels() {
        let r = report(
            &["multi-start", "level 2 <nmcts>", "level 3"],
            &[&[10, 20, 30, 40], &[15, 22, 39, 45], &[-5, 0, 3, 7]],
        );
        let svg = svg(&r);
        check_xml(&svg).unwrap();
        assert_eq!(svg.matches(r#"class="bar""#).count(), 3);
        assert_eq!(svg.matches(r#"class="diff-bar""#).count(), 2);
        assert_eq!(svg.matches(r#"class="ci""#).count(), 5);
        assert!(svg.contains("level 2 &lt;nmcts&gt;"));
        assert!(svg.contains("multi-start"));
        assert!(svg.contains("Average increase over multi-start"));
        assert!(svg.contains("tiny &amp; &lt;small&gt;"));
        assert!(svg.contains("n = 4 positions"));
        assert!(svg.contains("100 playouts"));
    }

    #[test]
    fn single_config_single_position() {
        let r = report(&["only"], &[&[12]]);
        let svg = svg(&r);
        check_xml(&svg).unwrap();
        assert_eq!(svg.matches(r#"class="bar""#).count(), 1);
        assert_eq!(svg.matches(r#"class="ci""#).count(), 0);
        assert!(svg.contains("no other configuration"));
    }

    #[test]
    fn nice_ranges() {
        assert_eq!(nice_range(0.0, 97.0), (0.0, 100.0, 20.0));
        assert_eq!(nice_range(-3.0, 0.0), (-3.0, 0.0, 1.0));
        let (lo, hi, st) = nice_range(0.0, 0.0);
        assert!(lo <= 0.0 && hi > 0.0 && st > 0.0);
        assert_eq!(fmt_tick(0.5, 0.1), "0.5");
        assert_eq!(fmt_tick(2000.0, 500.0), "2000");
    }
}
