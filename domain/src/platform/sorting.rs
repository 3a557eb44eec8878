//! The `sort` and `order` of a paged list (spec 1 section 4 and spec 2 section 3: "Paging: page,
//! size, sort … order is asc or desc"): the same two query parameters on every list that sorts,
//! each list naming the fields it sorts by. A field outside them is a 400 naming `sort`, a
//! direction other than `asc` or `desc` a 400 naming `order`. Every order ends with the row's id,
//! so that equal values keep one order from page to page.

use crate::platform::error::{Error, Result};

/// A field a list sorts by: its name in `?sort=`, what it orders by, and its direction when
/// `order` is not given (dates newest first, names from A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SortField {
    pub name: &'static str,
    /// The SQL expression ordered by; a fixed text of the list, never the request's.
    pub sql: &'static str,
    pub descending_by_default: bool,
}

impl SortField {
    /// A field whose default direction is newest (largest) first.
    pub const fn desc(name: &'static str, sql: &'static str) -> Self {
        SortField { name, sql, descending_by_default: true }
    }

    /// A field whose default direction is A to Z (smallest first).
    pub const fn asc(name: &'static str, sql: &'static str) -> Self {
        SortField { name, sql, descending_by_default: false }
    }
}

/// A checked choice of field and direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sorting {
    pub field: SortField,
    pub descending: bool,
}

impl Sorting {
    /// Reads `sort` and `order` against the list's `fields`; the first field is the default.
    pub fn parse(fields: &[SortField], sort: Option<&str>, order: Option<&str>) -> Result<Sorting> {
        let given = |v: Option<&str>| v.map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
        let field = match given(sort) {
            None => fields[0],
            Some(name) => *fields.iter().find(|f| f.name == name).ok_or_else(|| {
                let names: Vec<&str> = fields.iter().map(|f| f.name).collect();
                Error::field("sort", format!("Unknown sort: use {}", names.join(", ")))
            })?,
        };
        let descending = match given(order).as_deref() {
            None => field.descending_by_default,
            Some("desc") => true,
            Some("asc") => false,
            Some(_) => return Err(Error::field("order", "Order is asc or desc")),
        };
        Ok(Sorting { field, descending })
    }

    pub fn direction(&self) -> &'static str {
        if self.descending { "desc" } else { "asc" }
    }

    /// The `order by` list (without the keywords): the field (empty values last either way), then
    /// `tie_break` — the row's unique id — in the same direction.
    pub fn order_by(&self, tie_break: &str) -> String {
        let direction = self.direction();
        format!("{} {direction} nulls last, {tie_break} {direction}", self.field.sql)
    }

    /// Orders `a` and `b` by their field values in the chosen direction (for lists sorted in
    /// memory); the caller ties them by id with the same call.
    pub fn apply(&self, ordering: std::cmp::Ordering) -> std::cmp::Ordering {
        if self.descending { ordering.reverse() } else { ordering }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &[SortField] = &[SortField::desc("created", "u.created_at"), SortField::asc("email", "u.username")];

    fn field_of(result: Result<Sorting>) -> &'static str {
        match result {
            Err(Error::Client { field, .. }) => field.unwrap_or_default(),
            other => panic!("expected a 400, got {other:?}"),
        }
    }

    #[test]
    fn the_first_field_in_its_own_direction_is_the_default() {
        let sorting = Sorting::parse(FIELDS, None, None).unwrap();
        assert_eq!(sorting.order_by("u.id"), "u.created_at desc nulls last, u.id desc");
        let by_email = Sorting::parse(FIELDS, Some(" email "), Some("")).unwrap();
        assert_eq!(by_email.order_by("u.id"), "u.username asc nulls last, u.id asc");
    }

    #[test]
    fn order_turns_the_direction() {
        let sorting = Sorting::parse(FIELDS, Some("email"), Some("desc")).unwrap();
        assert!(sorting.descending);
        assert_eq!(sorting.apply(std::cmp::Ordering::Less), std::cmp::Ordering::Greater);
    }

    #[test]
    fn an_unknown_field_names_sort_and_an_unknown_direction_names_order() {
        assert_eq!(field_of(Sorting::parse(FIELDS, Some("password"), None)), "sort");
        assert_eq!(field_of(Sorting::parse(FIELDS, Some("created"), Some("up"))), "order");
    }
}
