//! Where an address lies, for the company page's map: the address's own point, else the point of
//! the place (EHAK unit) the Business Register or a company files it under.

use serde::Serialize;
use sqlx::PgPool;

use crate::companies;
use crate::platform::error::{Error, ErrorCode, Result};

/// How exact a point is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GeoPrecision {
    /// The address's own point.
    Address,
    /// The point of the address's town, municipality or county: the address itself is not located.
    Place,
}

/// A point in WGS 84 degrees.
#[derive(Clone, Debug, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeoPoint {
    #[schema(example = 59.43696)]
    pub lat: f64,
    #[schema(example = 24.75353)]
    pub lon: f64,
    pub precision: GeoPrecision,
}

/// Reads an address id from a path: a positive whole number.
pub fn parse_adr_id(text: &str) -> Result<i64> {
    match text.trim().parse::<i64>() {
        Ok(id) if id > 0 => Ok(id),
        _ => Err(Error::field("adrId", format!("The address id {text:?} is not valid: it is the address's number in the address register"))),
    }
}

/// The point of the address `adr_id` of `country_code`; 404 when neither the address nor its place
/// has one.
#[tracing::instrument(skip_all, fields(adr_id = adr_id))]
pub async fn locate_address(pool: &PgPool, country_code: &str, adr_id: i64) -> Result<GeoPoint> {
    let country = companies::check_country(country_code)?;
    // the address's own point first, then its place as a company (editable) or the register files it
    let row: Option<(f64, f64, bool)> = sqlx::query_as(
        "select lat, lon, exact from (
             select lat, lon, true as exact, 0 as rank from address_geo where country_code = $1 and adr_id = $2
             union all
             select g.lat, g.lon, false, 1 from companies c join place_geo g on g.place_code = c.ehak_code
              where c.country_code = $1 and c.ads_adr_id = $2 and c.deleted_at is null
             union all
             select g.lat, g.lon, false, 2 from business_register b join place_geo g on g.place_code = b.ehak_code
              where b.country_code = $1 and b.ads_adr_id = $2
         ) found order by rank limit 1",
    )
    .bind(&country)
    .bind(adr_id)
    .fetch_optional(pool)
    .await?;
    let Some((lat, lon, exact)) = row else {
        return Err(Error::with_message(ErrorCode::NotFound, format!("No location is known for address {adr_id}")));
    };
    Ok(GeoPoint { lat, lon, precision: if exact { GeoPrecision::Address } else { GeoPrecision::Place } })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_id_is_a_positive_whole_number() {
        assert_eq!(parse_adr_id("2281513").unwrap(), 2_281_513);
        for bad in ["abc", "", "-5", "0", "12.5", "99999999999999999999"] {
            assert!(parse_adr_id(bad).is_err(), "{bad:?}");
        }
    }
}
