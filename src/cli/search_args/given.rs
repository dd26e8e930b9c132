//! The struct of search flags ([`SearchArgs`]) and which of them a command line
//! gives: [`search_args!`] expands the table of search flags (`search::search_flags!`)
//! into the clap struct, one field per entry with its `--help` text under its
//! section, and into `SearchArgs::given`, so a new flag needs no entry here.
//!
//! Owns: that expansion. Must not: say which algorithm takes a flag (the table does)
//! or check values (`search::config`).

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

/// [`SearchArgs`] from the table: each entry's field, its doc comment (the `--help`
/// text) and clap attributes, under its section; and `given` over the fields, in
/// the table's order (that of `search::FLAGS`).
macro_rules! search_args {
    ($($heading:literal { $(
        $(#[$m:meta])* $field:ident: $ty:ty => [$($rule:ident),*] $($inner:ident)?
        $(, set $part:ident $(.$f:ident)+)? $(, set_if $set:expr)?;
    )* })*) => {
        /// Algorithm, its parameters and the budget.
        #[derive(clap::Args, Debug, Clone)]
        pub struct SearchArgs {
            $($($(#[$m])* #[arg(long, help_heading = $heading)] pub $field: $ty,)*)*
        }

        impl SearchArgs {
            /// The flags of the table (`search::FLAGS`) given on the command line, in its
            /// order.
            pub(super) fn given(&self) -> impl Iterator<Item = &'static $crate::search::Flag> + '_ {
                let given = [$($(given::Given::given(&self.$field)),*),*];
                $crate::search::FLAGS.iter().zip(given).filter_map(|(f, g)| g.then_some(f))
            }
        }
    };
}
pub(super) use search_args;
