//! SVG line chart of a budget curve (thesis Figs. 4.10-4.13): mean score against
//! the budget on a log x-axis, one line per configuration with a shaded 95% CI band,
//! axis labels and a legend.
//!
//! Owns: [`svg`] and the log-axis mapping ([`log_x`]). Hand-written SVG text like
//! `super::chart` (whose tick and escaping helpers it reuses). Must not: compute
//! statistics (it draws the points of a [`Curve`]), print or write files.

use std::fmt::Write as _;

use super::chart::{esc, nice_range, titles, y_grid};
use crate::compare::curve::{budget_unit, Curve};

const LEFT: f64 = 80.0;
const TOP: f64 = 80.0;
const PLOT_W: f64 = 560.0;
const PLOT_H: f64 = 360.0;
const LEGEND_W: f64 = 240.0;
const BOTTOM: f64 = 70.0;
const COLORS: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];

/// Position of budget `b` on a log axis from `lo` to `hi` drawn `w` wide from `x0`;
/// a single budget (`lo == hi`) sits in the middle.
pub fn log_x(b: f64, lo: f64, hi: f64, x0: f64, w: f64) -> f64 {
    if hi > lo {
        x0 + (b.log10() - lo.log10()) / (hi.log10() - lo.log10()) * w
    } else {
        x0 + w / 2.0
    }
}

/// The chart of `curve` as a standalone SVG document.
pub fn svg(curve: &Curve) -> String {
    let series = curve.series();
    let plan = curve.plan();
    let budgets: Vec<f64> = series[0].iter().map(|p| p.budget).collect();
    let (blo, bhi) = (budgets[0], budgets[budgets.len() - 1]);
    let unit = budget_unit(plan.budget);
    let width = LEFT + PLOT_W + 30.0 + LEGEND_W;
    let height = TOP + PLOT_H + BOTTOM;
    let (mut ylo, mut yhi) = (f64::INFINITY, f64::NEG_INFINITY);
    for p in series.iter().flatten() {
        let h = p.ci95.unwrap_or(0.0);
        ylo = ylo.min(p.mean - h);
        yhi = yhi.max(p.mean + h);
    }
    let (ylo, yhi, step) = nice_range(ylo, yhi);
    let y = |v: f64| TOP + PLOT_H - (v - ylo) / (yhi - ylo) * PLOT_H;
    // A small inset so that end points are not on the frame.
    let (px0, pw) = (LEFT + 20.0, PLOT_W - 40.0);
    let x = |b: f64| log_x(b, blo, bhi, px0, pw);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="12">
<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="white"/>"#
    );
    let title = format!(
        "{} ({}): mean score against budget, {} configurations",
        plan.testset,
        plan.variant,
        series.len()
    );
    let subtitle = format!(
        "n = {} positions, {} run{} each ({} over runs), seed {}; bands: 95% CI",
        curve.reports[0].n(),
        plan.runs,
        if plan.runs == 1 { "" } else { "s" },
        plan.aggregate,
        plan.seed
    );
    titles(&mut s, width, &title, &subtitle);
    // Grid, y ticks and frame.
    y_grid(&mut s, LEFT, PLOT_W, (ylo, yhi, step), y);
    for &b in &budgets {
        let xx = x(b);
        let _ = writeln!(
            s,
            r##"<line class="x-tick" x1="{xx:.1}" y1="{TOP:.1}" x2="{xx:.1}" y2="{:.1}" stroke="#eee"/>
<text x="{xx:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            TOP + PLOT_H + 5.0,
            TOP + PLOT_H + 20.0,
            esc(&b.to_string())
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{LEFT:.1}" y="{TOP:.1}" width="{PLOT_W:.1}" height="{PLOT_H:.1}" fill="none" stroke="black"/>
<text class="x-label" x="{:.1}" y="{:.1}" text-anchor="middle">budget per search ({unit}, log scale)</text>
<text class="y-label" transform="translate({:.1},{:.1}) rotate(-90)" text-anchor="middle">mean score</text>"#,
        LEFT + PLOT_W / 2.0,
        TOP + PLOT_H + 48.0,
        LEFT - 55.0,
        TOP + PLOT_H / 2.0
    );
    // Bands first, then lines and points on top.
    for (c, pts) in series.iter().enumerate() {
        let color = COLORS[c % COLORS.len()];
        let upper = pts.iter().map(|p| {
            format!(
                "{:.1},{:.1}",
                x(p.budget),
                y(p.mean + p.ci95.unwrap_or(0.0))
            )
        });
        let lower = pts.iter().rev().map(|p| {
            format!(
                "{:.1},{:.1}",
                x(p.budget),
                y(p.mean - p.ci95.unwrap_or(0.0))
            )
        });
        let all: Vec<String> = upper.chain(lower).collect();
        let _ = writeln!(
            s,
            r#"<polygon class="ci-band" data-label="{}" points="{}" fill="{color}" fill-opacity="0.15" stroke="none"/>"#,
            esc(&pts[0].label),
            all.join(" ")
        );
    }
    for (c, pts) in series.iter().enumerate() {
        let color = COLORS[c % COLORS.len()];
        let line: Vec<String> = pts
            .iter()
            .map(|p| format!("{:.1},{:.1}", x(p.budget), y(p.mean)))
            .collect();
        let _ = writeln!(
            s,
            r#"<polyline class="curve" data-label="{}" points="{}" fill="none" stroke="{color}" stroke-width="2"/>"#,
            esc(&pts[0].label),
            line.join(" ")
        );
        for p in pts {
            let _ = writeln!(
                s,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3.5" fill="{color}"><title>{}: budget {}, mean {:.1}</title></circle>"#,
                x(p.budget),
                y(p.mean),
                esc(&p.label),
                p.budget,
                p.mean
            );
        }
    }
    // Legend.
    let lx = LEFT + PLOT_W + 30.0;
    for (c, pts) in series.iter().enumerate() {
        let color = COLORS[c % COLORS.len()];
        let ly = TOP + 10.0 + 22.0 * c as f64;
        let _ = writeln!(
            s,
            r#"<line x1="{lx:.1}" y1="{ly:.1}" x2="{:.1}" y2="{ly:.1}" stroke="{color}" stroke-width="2"/>
<text class="legend" x="{:.1}" y="{:.1}">{}</text>"#,
            lx + 24.0,
            lx + 30.0,
            ly + 4.0,
            esc(&pts[0].label)
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::chart::tests::check_xml;
    use crate::compare::curve::tests::curve;

    #[test]
    fn one_polyline_per_configuration() {
        let c = curve(
            &["a & b", "<c>", "d"],
            &[100, 1000, 10000],
            &[
                &[&[10, 20], &[30, 50], &[1, 2]],
                &[&[20, 40], &[60, 60], &[3, 4]],
                &[&[30, 40], &[70, 90], &[5, 5]],
            ],
        );
        let doc = svg(&c);
        check_xml(&doc).unwrap();
        assert_eq!(doc.matches(r#"class="curve""#).count(), 3);
        assert_eq!(doc.matches(r#"class="ci-band""#).count(), 3);
        assert_eq!(doc.matches(r#"class="legend""#).count(), 3);
        assert_eq!(doc.matches(r#"class="x-tick""#).count(), 3);
        assert!(doc.contains(">a &amp; b<") && doc.contains(">&lt;c&gt;<"));
        assert!(doc.contains("log scale") && doc.contains("mean score"));
        // Each polyline has one point per budget.
        for l in doc.lines().filter(|l| l.contains(r#"class="curve""#)) {
            let pts = l
                .split("points=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            assert_eq!(pts.split(' ').count(), 3);
        }
    }

    #[test]
    fn log_scale_positions() {
        // 100, 1000, 10000 are equally spaced; 316 is about half-way to 1000.
        let x = |b| log_x(b, 100.0, 10000.0, 0.0, 200.0);
        assert!((x(100.0) - 0.0).abs() < 1e-9);
        assert!((x(1000.0) - 100.0).abs() < 1e-9);
        assert!((x(10000.0) - 200.0).abs() < 1e-9);
        assert!((x(316.227766) - 50.0).abs() < 1e-3);
        assert_eq!(log_x(5.0, 5.0, 5.0, 10.0, 100.0), 60.0);
        // In the document: the x ticks of 100, 1000, 10000 are equally spaced.
        let c = curve(&["a"], &[100, 1000, 10000], &[&[&[1]], &[&[2]], &[&[3]]]);
        let doc = svg(&c);
        let xs: Vec<f64> = doc
            .lines()
            .filter(|l| l.contains(r#"class="x-tick""#))
            .map(|l| {
                l.split("x1=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap()
            })
            .collect();
        assert_eq!(xs.len(), 3);
        assert!(((xs[1] - xs[0]) - (xs[2] - xs[1])).abs() < 0.2, "{xs:?}");
    }
}
