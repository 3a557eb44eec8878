//! What a company pays: its unit price per product, the net and VAT of an order line, and a quote
//! (the lines with their sums). The invoice of an order is made from the very same [`Quote`].
//!
//! All arithmetic is on integers (cents, basis points, ten-thousandths) in `i128`, never floating
//! point; each rounding is to a whole cent, half up (amounts are never negative):
//!
//! - unit price: the company's own price (`company_product_prices.price_cents`) else the list price;
//! - a line's net: `round(quantity × unit price × (1 − discount))`, the rule of the
//!   `invoice_lines.line_total_cents` column: the line is rounded once, not each unit, so 3 days at
//!   29 € with 12.5 % off is 76.13 € (7612.5 cents rounded), not 3 × 25.38 €;
//! - the net unit price shown beside a product is the same rule for one unit;
//! - a line's VAT: `round(net × rate)`, per line; the invoice's VAT is the sum of the lines' VAT;
//! - the total is the sum of the lines (net + VAT), so `total = subtotal + vat` holds exactly.

use serde::{Serialize, Serializer};

use super::products::{CompanyTerms, Product};

/// Basis points (VAT rates) and ten-thousandths (discounts) are both parts of 10 000.
pub const PARTS: i64 = 10_000;

/// `numerator / denominator` rounded to the nearest whole number, halves up. Both are non-negative
/// (amounts, rates and discounts never are) and `denominator` is positive.
fn round_half_up(numerator: i128, denominator: i128) -> i64 {
    debug_assert!(numerator >= 0 && denominator > 0);
    let rounded = (2 * numerator + denominator) / (2 * denominator);
    i64::try_from(rounded).expect("an amount in cents fits in i64")
}

/// A discount as a fraction of the price, exactly as `numeric(5, 4)` stores it: in ten-thousandths
/// (1250 = 12.5 %), from 0 to 10 000.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Discount(i64);

impl Discount {
    pub fn from_ten_thousandths(parts: i64) -> Discount {
        Discount(parts.clamp(0, PARTS))
    }

    pub fn ten_thousandths(self) -> i64 {
        self.0
    }
}

/// The JSON shows the fraction (0.125). The number is only written, never computed with: the
/// nearest double to n / 10 000 prints as the exact decimal (0.3333), four places at most.
impl Serialize for Discount {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.0 as f64 / PARTS as f64)
    }
}

/// The net of a line: `round(quantity × unit price × (1 − discount))` in cents.
pub fn line_net_cents(quantity: i32, unit_price_cents: i64, discount: Discount) -> i64 {
    let gross = i128::from(quantity) * i128::from(unit_price_cents);
    round_half_up(gross * i128::from(PARTS - discount.0), i128::from(PARTS))
}

/// The VAT of a line's net at `vat_rate_bp` basis points, in cents.
pub fn vat_cents(net_cents: i64, vat_rate_bp: i32) -> i64 {
    round_half_up(i128::from(net_cents) * i128::from(vat_rate_bp), i128::from(PARTS))
}

/// A product with what this company pays for it.
#[derive(Clone, Debug)]
pub struct PricedProduct {
    pub product: Product,
    pub terms: CompanyTerms,
}

impl PricedProduct {
    /// Before the discount: the company's own price, else the list price.
    pub fn unit_price_cents(&self) -> i64 {
        self.terms.own_price_cents.unwrap_or(self.product.price_cents)
    }

    pub fn discount(&self) -> Discount {
        Discount::from_ten_thousandths(self.terms.discount_ten_thousandths)
    }

    /// One unit after the discount, rounded to the cent.
    pub fn net_unit_price_cents(&self) -> i64 {
        line_net_cents(1, self.unit_price_cents(), self.discount())
    }
}

/// One line of a quote or an invoice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderQuoteLine)]
pub struct QuoteLine {
    pub code: String,
    /// The product's label in the reader's locale.
    pub label: String,
    pub quantity: i32,
    /// Before the discount, VAT excluded.
    pub unit_price_cents: i64,
    /// The company's discount as a fraction (0.125 = 12.5 %).
    #[schema(value_type = f64, example = 0.125)]
    pub discount: Discount,
    /// `round(quantity × unitPrice × (1 − discount))`.
    pub net_cents: i64,
    pub vat_rate_bp: i32,
    /// `round(net × vatRate)`, per line.
    pub vat_cents: i64,
}

/// An order's lines and sums: `subtotal` = Σ net, `vat` = Σ line VAT, `total` = Σ (net + VAT).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderQuote)]
pub struct Quote {
    pub lines: Vec<QuoteLine>,
    pub subtotal_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
}

/// The quote of `items` (each a product and a quantity), in their order.
pub fn quote(items: &[(&PricedProduct, i32)]) -> Quote {
    let lines: Vec<QuoteLine> = items
        .iter()
        .map(|(priced, quantity)| {
            let net_cents = line_net_cents(*quantity, priced.unit_price_cents(), priced.discount());
            QuoteLine {
                code: priced.product.code.clone(),
                label: priced.product.label.clone(),
                quantity: *quantity,
                unit_price_cents: priced.unit_price_cents(),
                discount: priced.discount(),
                net_cents,
                vat_rate_bp: priced.product.vat_rate_bp,
                vat_cents: vat_cents(net_cents, priced.product.vat_rate_bp),
            }
        })
        .collect();
    let subtotal_cents = lines.iter().map(|l| l.net_cents).sum();
    let vat_cents = lines.iter().map(|l| l.vat_cents).sum();
    let total_cents = lines.iter().map(|l| l.net_cents + l.vat_cents).sum();
    Quote { lines, subtotal_cents, vat_cents, total_cents }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(code: &str, price_cents: i64) -> Product {
        Product {
            code: code.to_string(),
            label: code.to_string(),
            description: String::new(),
            price_cents,
            vat_rate_bp: 2400,
            service_type: "VACANCY".to_string(),
            unit: "ITEM".to_string(),
            duration_days: None,
            pro_level: None,
            cv_base_days: None,
            promo_days: None,
            valid_from: chrono::NaiveDate::from_ymd_opt(2023, 12, 1).unwrap(),
        }
    }

    fn priced(code: &str, list: i64, own: Option<i64>, discount: i64) -> PricedProduct {
        PricedProduct { product: product(code, list), terms: CompanyTerms { own_price_cents: own, discount_ten_thousandths: discount } }
    }

    #[test]
    fn a_line_is_rounded_once_half_up() {
        // 3 × 29 € × 0.875 = 76.125 € = 7612.5 cents: up to 7613 (per unit it would be 3 × 2538)
        assert_eq!(line_net_cents(3, 2900, Discount::from_ten_thousandths(1250)), 7613);
        assert_eq!(line_net_cents(1, 2900, Discount::from_ten_thousandths(1250)), 2538);
        // 29 € × 0.6667 = 19.3343 €
        assert_eq!(line_net_cents(1, 2900, Discount::from_ten_thousandths(3333)), 1933);
        // a third off 1 cent leaves 0.6667 cents
        assert_eq!(line_net_cents(1, 1, Discount::from_ten_thousandths(3333)), 1);
        // 1 cent at half price is exactly half a cent: up
        assert_eq!(line_net_cents(1, 1, Discount::from_ten_thousandths(5000)), 1);
        assert_eq!(line_net_cents(1, 3, Discount::from_ten_thousandths(5000)), 2);
        assert_eq!(line_net_cents(2, 2900, Discount::default()), 5800);
        assert_eq!(line_net_cents(5, 2900, Discount::from_ten_thousandths(PARTS)), 0, "100 % off");
        // far beyond any real order, still exact
        assert_eq!(line_net_cents(1_000_000, 1_000_000_001, Discount::from_ten_thousandths(1)), 999_900_000_999_900);
    }

    #[test]
    fn vat_is_rounded_half_up_in_cents() {
        assert_eq!(vat_cents(1, 2400), 0, "24 % of 1 cent is 0.24");
        assert_eq!(vat_cents(2, 2400), 0, "0.48");
        assert_eq!(vat_cents(3, 2400), 1, "0.72");
        assert_eq!(vat_cents(1, 5000), 1, "exactly a half goes up");
        assert_eq!(vat_cents(2900, 2400), 696);
        assert_eq!(vat_cents(7613, 2400), 1827, "1827.12");
        assert_eq!(vat_cents(1933, 2400), 464, "463.92");
        assert_eq!(vat_cents(19900, 2200), 4378);
        assert_eq!(vat_cents(0, 2400), 0);
        assert_eq!(vat_cents(12345, 0), 0);
    }

    #[test]
    fn the_company_s_own_price_replaces_the_list_price_before_the_discount() {
        assert_eq!(priced("VACANCY", 2900, None, 0).unit_price_cents(), 2900);
        let own = priced("VACANCY", 2900, Some(2500), 1250);
        assert_eq!(own.unit_price_cents(), 2500);
        assert_eq!(own.net_unit_price_cents(), 2188, "2187.5 up");
        assert_eq!(priced("PRO_1", 500, None, 3333).net_unit_price_cents(), 333, "333.35");
    }

    #[test]
    fn a_quote_sums_its_lines_with_vat_per_line() {
        let vacancy = priced("VACANCY", 2900, None, 1250);
        let pro = priced("PRO_1", 500, None, 3333);
        let cheap = priced("CHEAP", 3, None, 0);
        let quote = quote(&[(&vacancy, 3), (&pro, 1), (&cheap, 1), (&cheap, 1)]);
        let nets: Vec<i64> = quote.lines.iter().map(|l| l.net_cents).collect();
        let vats: Vec<i64> = quote.lines.iter().map(|l| l.vat_cents).collect();
        assert_eq!(nets, vec![7613, 333, 3, 3]);
        assert_eq!(vats, vec![1827, 80, 1, 1], "79.92 → 80, 0.72 → 1 on each line");
        assert_eq!(quote.subtotal_cents, 7952);
        assert_eq!(quote.vat_cents, 1909, "the VAT of the subtotal would be 1908.48 → 1908: per line is not the same");
        assert_eq!(quote.total_cents, quote.subtotal_cents + quote.vat_cents);
        assert_eq!(quote.total_cents, quote.lines.iter().map(|l| l.net_cents + l.vat_cents).sum::<i64>());
        assert_eq!(quote.lines[0].unit_price_cents, 2900);
        assert_eq!(quote.lines[0].quantity, 3);
        assert_eq!(quote.lines[0].discount, Discount::from_ten_thousandths(1250));
    }

    #[test]
    fn an_empty_quote_is_zero() {
        let empty = quote(&[]);
        assert_eq!((empty.subtotal_cents, empty.vat_cents, empty.total_cents), (0, 0, 0));
    }

    #[test]
    fn a_discount_shows_as_its_exact_fraction() {
        for (parts, text) in [(1250, "0.125"), (3333, "0.3333"), (0, "0.0"), (PARTS, "1.0"), (1, "0.0001"), (9999, "0.9999")] {
            assert_eq!(serde_json::to_string(&Discount::from_ten_thousandths(parts)).unwrap(), text);
        }
        assert_eq!(Discount::from_ten_thousandths(20_000).ten_thousandths(), PARTS, "never more than all of it");
    }
}
