//! Where a result came from: this build (version and git commit, recorded by
//! `build.rs`) and the machine (CPU model, logical cores, OS), with the time, as
//! `compare` writes them into its JSON and its plan reports: a figure travels with
//! the machine and build that produced it.
//!
//! Owns: [`Provenance`] and reading it. Must not: decide what a report holds, or
//! fail (what cannot be read is `unknown`).

use std::time::{SystemTime, UNIX_EPOCH};

/// This build and machine, at one moment.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Provenance {
    /// The version of samegame (`Cargo.toml`).
    pub samegame: &'static str,
    /// The git commit built from (12 hex digits, `-dirty` when its sources
    /// differed), or `unknown`.
    pub commit: &'static str,
    /// The CPU model (`model name` of `/proc/cpuinfo`), or `unknown`.
    pub cpu: String,
    /// Logical cores available to this process.
    pub cores: usize,
    /// Operating system and architecture, e.g. `linux x86_64`.
    pub os: String,
    /// When it was read, UTC (RFC 3339, whole seconds).
    pub at: String,
}

impl Provenance {
    /// This build and machine, now.
    pub fn now() -> Self {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        Provenance {
            samegame: env!("CARGO_PKG_VERSION"),
            commit: env!("SAMEGAME_COMMIT"),
            cpu: std::fs::read_to_string("/proc/cpuinfo")
                .ok()
                .and_then(|t| cpu_model(&t))
                .unwrap_or_else(|| "unknown".into()),
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            at: utc(secs),
        }
    }
}

impl std::fmt::Display for Provenance {
    /// `samegame 0.1.0 (commit 0123456789ab), Intel(R) Xeon(R) Processor, 2 cores,
    /// linux x86_64, 2026-11-30T17:40:05Z`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "samegame {} (commit {}), {}, {} cores, {}, {}",
            self.samegame, self.commit, self.cpu, self.cores, self.os, self.at
        )
    }
}

/// The first `model name` of a `/proc/cpuinfo` text.
fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim() == "model name")
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// Seconds since 1970 as `YYYY-MM-DDThh:mm:ssZ` (the proleptic Gregorian calendar;
/// days to a civil date as in Hinnant's `civil_from_days`).
fn utc(secs: u64) -> String {
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3_600,
        rem / 60 % 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates_are_the_calendar_ones() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_796_060_405), "2026-11-30T17:40:05Z");
        assert_eq!(utc(4_107_628_799), "2100-03-01T23:59:59Z");
    }

    #[test]
    fn the_cpu_model_is_the_first_model_name() {
        let info = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 167\n\
                    model name\t: Intel(R) Xeon(R) Processor\nflags\t: a:b\n\n\
                    processor\t: 1\nmodel name\t: Other\n";
        assert_eq!(
            cpu_model(info).as_deref(),
            Some("Intel(R) Xeon(R) Processor")
        );
        assert_eq!(cpu_model("processor\t: 0\n"), None);
        assert_eq!(cpu_model("model name\t:  \n"), None);
    }

    #[test]
    fn the_build_and_machine_are_named() {
        let p = Provenance::now();
        assert_eq!(p.samegame, env!("CARGO_PKG_VERSION"));
        assert!(!p.commit.is_empty() && p.cores >= 1, "{p}");
        assert!(p.at.ends_with('Z') && p.at.len() == 20, "{p}");
        assert!(p.to_string().starts_with("samegame "), "{p}");
    }
}
