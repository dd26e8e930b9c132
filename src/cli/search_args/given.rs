//! Which search flags a command line gives: [`with_given!`] defines [`SearchArgs`]
//! and, from the same field list, `SearchArgs::is_given`, which maps each name of the
//! table of search flags (`search::FLAGS`, `--beam-l` for the field `beam_l`) to its
//! field, so a new flag needs no entry here.
//!
//! Owns: that map. Must not: say which algorithm takes a flag (the table does) or
//! check values (`search::config`). `flags_tests.rs` pins that it covers the table.

use super::SearchArgs;
use crate::search::{Flag, FLAGS};

/// A field of [`SearchArgs`]: whether the command line gave it.
pub(super) trait Given {
    fn given(&self) -> bool;
}

impl<T> Given for Option<T> {
    fn given(&self) -> bool {
        self.is_some()
    }
}

impl Given for bool {
    fn given(&self) -> bool {
        *self
    }
}

/// The struct of search flags as written, and `is_given` over its fields.
macro_rules! with_given {
    ($(#[$m:meta])* pub struct $name:ident {
        $($(#[$fm:meta])* pub $field:ident: $ty:ty,)*
    }) => {
        $(#[$m])* pub struct $name { $($(#[$fm])* pub $field: $ty,)* }

        impl $name {
            /// Whether `flag` (a name of the table [`FLAGS`]) is given on the
            /// command line.
            pub(super) fn is_given(&self, flag: &str) -> bool {
                let field = flag.trim_start_matches('-').replace('-', "_");
                $(if field == stringify!($field) {
                    return given::Given::given(&self.$field);
                })*
                false
            }
        }
    };
}
pub(super) use with_given;

impl SearchArgs {
    /// The flags of the table [`FLAGS`] given on the command line, in its order.
    pub(super) fn given(&self) -> impl Iterator<Item = &'static Flag> + '_ {
        FLAGS.iter().filter(|f| self.is_given(f.name))
    }
}
