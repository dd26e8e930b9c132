//! GNRPA's prior (Cazenave 2020): a fixed heuristic h(move) that the bias β
//! multiplies; β · h is added to every candidate's policy weight, in the playouts and
//! in the adaptation's probabilities.
//!
//! - [`Prior::Size`] (the default): h = group size − 2, so larger groups are likelier
//!   (β > 0);
//! - [`Prior::Tabu`]: h = −1 for groups of the tabu colour (the colour with most
//!   tiles at the root, as the selective policy's), 0 for the others: a soft penalty
//!   where the selective policy of Cazenave (2016) excludes them outright.
//!
//! Owns: [`Prior`] (the choice, `--nrpa-prior`, with its names) and [`Bias`] (β, the
//! prior and what it needs from the root). Must not: sample, adapt or read
//! configurations.

use serde::{Deserialize, Serialize};

use crate::board::Group;

/// Which heuristic the GNRPA bias multiplies (`--nrpa-prior`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Prior {
    /// Group size − 2 (the bias of `--nrpa-bias` before priors existed).
    #[default]
    Size,
    /// −1 for groups of the tabu colour, 0 for the others.
    Tabu,
}

impl std::str::FromStr for Prior {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "size" => Ok(Prior::Size),
            "tabu" => Ok(Prior::Tabu),
            _ => Err(format!("unknown prior '{s}' (expected size or tabu)")),
        }
    }
}

impl std::fmt::Display for Prior {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Prior::Size => "size",
            Prior::Tabu => "tabu",
        })
    }
}

/// The GNRPA bias of a playout: β and its prior (β = 0: plain NRPA).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bias {
    /// β.
    pub beta: f64,
    /// The heuristic β multiplies.
    pub prior: Prior,
    /// The colour [`Prior::Tabu`] penalises (`None`: no group is penalised).
    pub tabu: Option<u8>,
}

impl Bias {
    /// β · (group size − 2): the bias before priors existed.
    pub fn size(beta: f64) -> Bias {
        Bias {
            beta,
            prior: Prior::Size,
            tabu: None,
        }
    }

    /// β · h(`g`), added to the weight of the move removing `g`.
    #[inline]
    pub fn of(&self, g: &Group) -> f64 {
        match self.prior {
            // The expression of the bias before priors existed, bit for bit.
            Prior::Size => self.beta * f64::from(g.size - 2),
            Prior::Tabu if self.tabu == Some(g.color) => -self.beta,
            Prior::Tabu => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Cell;

    fn group(color: u8, size: u16) -> Group {
        Group {
            cell: Cell::new(0, 0),
            color,
            size,
            xmin: 0,
            xmax: 0,
        }
    }

    #[test]
    fn size_prior_is_beta_times_size_minus_two() {
        let b = Bias::size(0.25);
        assert_eq!(b.of(&group(1, 2)), 0.0);
        assert_eq!(b.of(&group(3, 10)), 2.0);
        assert_eq!(Bias::size(-1.5).of(&group(0, 4)), -3.0);
    }

    #[test]
    fn tabu_prior_penalises_only_the_tabu_colour() {
        let b = Bias {
            beta: 0.75,
            prior: Prior::Tabu,
            tabu: Some(2),
        };
        assert_eq!(b.of(&group(2, 2)), -0.75);
        assert_eq!(b.of(&group(2, 30)), -0.75, "whatever the size");
        assert_eq!(b.of(&group(1, 30)), 0.0);
        let none = Bias { tabu: None, ..b };
        assert_eq!(none.of(&group(2, 5)), 0.0);
    }

    #[test]
    fn names_read_back() {
        for p in [Prior::Size, Prior::Tabu] {
            assert_eq!(p.to_string().parse::<Prior>(), Ok(p));
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<Prior>(&json).unwrap(), p);
        }
        assert!("colour"
            .parse::<Prior>()
            .unwrap_err()
            .contains("size or tabu"));
    }
}
