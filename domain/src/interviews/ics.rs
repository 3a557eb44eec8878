//! iCalendar (RFC 5545) documents of interviews, built with the `icalendar` crate: the `.ics`
//! attached to interview mails (an iTIP message, RFC 5546: METHOD:REQUEST for an invitation or a
//! change, METHOD:CANCEL for a cancellation) and the events of a user's private feed.
//!
//! - The UID is the interview's id (`<id>@vakants.ee`): the same for every mail of one interview,
//!   so a calendar program replaces its event instead of adding another.
//! - SEQUENCE is `interviews.ics_sequence`, which grows by one with every mailed change.
//! - Times are in UTC (`DTSTART:20261126T080000Z`), which needs no VTIMEZONE.
//! - An invitation not yet answered has no fixed time: its event is TENTATIVE at the first
//!   offered slot (the interview's duration from the slot's start), and the description lists
//!   every offered slot. Once accepted, the event moves to the chosen time and is CONFIRMED.

use chrono::{DateTime, Utc};
use icalendar::{Calendar, CalendarDateTime, Component, Event, EventLike, EventStatus};
use uuid::Uuid;

/// The domain of every UID this app makes.
pub const UID_DOMAIN: &str = "vakants.ee";

/// The iTIP method of a mailed document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Request,
    Cancel,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Cancel => "CANCEL",
        }
    }
}

/// How sure the event is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// An invitation not yet answered.
    Tentative,
    Confirmed,
    Cancelled,
}

/// One interview as an iCalendar event.
#[derive(Clone, Debug)]
pub struct InterviewEvent {
    pub interview_id: Uuid,
    pub sequence: u32,
    pub state: State,
    pub summary: String,
    pub description: String,
    pub location: Option<String>,
    pub link: Option<String>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// The employer who runs it (ORGANIZER), by e-mail address.
    pub organizer: Option<String>,
    /// The applicant (ATTENDEE), by e-mail address.
    pub attendee: Option<String>,
    pub stamp: DateTime<Utc>,
}

/// The UID of an interview's event.
pub fn interview_uid(interview_id: Uuid) -> String {
    format!("{interview_id}@{UID_DOMAIN}")
}

/// The UID of an own calendar event.
pub fn event_uid(event_id: Uuid) -> String {
    format!("event-{event_id}@{UID_DOMAIN}")
}

fn utc(t: DateTime<Utc>) -> CalendarDateTime {
    CalendarDateTime::Utc(t)
}

fn tallinn(t: DateTime<Utc>) -> CalendarDateTime {
    CalendarDateTime::WithTimezone { date_time: t.with_timezone(&chrono_tz::Europe::Tallinn).naive_local(), tzid: "Europe/Tallinn".into() }
}

/// A text value (SUMMARY, DESCRIPTION, LOCATION, the calendar's name): CR LF and a lone CR become
/// LF, which the crate writes as the escape `\n`; other control characters (but tab) go. The
/// crate escapes only LF, so a raw CR would end the content line (RFC 5545 3.1) and could start a
/// property of the sender's choosing in a mailed file.
fn text(value: &str) -> String {
    value.replace("\r\n", "\n").replace('\r', "\n").chars().filter(|&c| c == '\n' || c == '\t' || !c.is_control()).collect()
}

/// The calendar's name (NAME, X-WR-CALNAME), which the crate writes unescaped: one line, every
/// control character a space.
fn one_line(value: &str) -> String {
    value.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// A value the crate writes as it is (URL, ORGANIZER, ATTENDEE, RRULE): every control character goes.
fn plain(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// The VEVENT of an interview.
pub fn interview_event(interview: &InterviewEvent) -> Event {
    let mut event = Event::new();
    event
        .uid(&interview_uid(interview.interview_id))
        .sequence(interview.sequence)
        .timestamp(interview.stamp)
        .starts(utc(interview.start))
        .ends(utc(interview.end))
        .summary(&text(&interview.summary))
        .description(&text(&interview.description))
        .status(match interview.state {
            State::Tentative => EventStatus::Tentative,
            State::Confirmed => EventStatus::Confirmed,
            State::Cancelled => EventStatus::Cancelled,
        });
    if let Some(location) = &interview.location {
        event.location(&text(location));
    }
    if let Some(link) = &interview.link {
        event.url(&plain(link));
    }
    if let Some(organizer) = &interview.organizer {
        event.add_property("ORGANIZER", format!("mailto:{}", plain(organizer)));
    }
    if let Some(attendee) = &interview.attendee {
        event.add_property("ATTENDEE", format!("mailto:{}", plain(attendee)));
    }
    event.done()
}

/// The `.ics` attached to an interview mail: one VEVENT under METHOD:REQUEST or METHOD:CANCEL.
pub fn interview_message(interview: &InterviewEvent, method: Method) -> String {
    let mut calendar = Calendar::new();
    calendar.append_property(("METHOD", method.as_str())).push(interview_event(interview));
    calendar.done().to_string()
}

/// An own event of the feed (a recurring one keeps its RRULE).
#[derive(Clone, Debug)]
pub struct OwnEvent {
    pub event_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub recurrence: Option<String>,
    pub stamp: DateTime<Utc>,
}

/// The Europe/Tallinn time zone as RFC 5545 wants it beside a `TZID=Europe/Tallinn` time: EET,
/// and EEST from the last Sunday of March to the last Sunday of October (the EU rule since 1996).
const TALLINN_VTIMEZONE: &str = "BEGIN:VTIMEZONE\r
TZID:Europe/Tallinn\r
BEGIN:DAYLIGHT\r
DTSTART:19700329T030000\r
TZOFFSETFROM:+0200\r
TZOFFSETTO:+0300\r
TZNAME:EEST\r
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
END:DAYLIGHT\r
BEGIN:STANDARD\r
DTSTART:19701025T040000\r
TZOFFSETFROM:+0300\r
TZOFFSETTO:+0200\r
TZNAME:EET\r
RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
END:STANDARD\r
END:VTIMEZONE\r
";

/// A user's private feed: their interviews and own events, METHOD:PUBLISH. A repeating event is
/// in Tallinn time, so the feed then carries the zone's VTIMEZONE.
pub fn feed(name: &str, interviews: &[InterviewEvent], events: &[OwnEvent]) -> String {
    let mut calendar = Calendar::new();
    calendar.append_property(("METHOD", "PUBLISH")).name(&one_line(name));
    if events.iter().any(|own| own.recurrence.is_some()) {
        let zone: icalendar::CalendarComponent = TALLINN_VTIMEZONE.parse().expect("the Tallinn VTIMEZONE is valid");
        calendar.push(zone);
    }
    for interview in interviews {
        calendar.push(interview_event(interview));
    }
    for own in events {
        let mut event = Event::new();
        event
            .uid(&event_uid(own.event_id))
            .timestamp(own.stamp)
            .summary(&text(&own.name));
        if own.recurrence.is_some() {
            // a series repeats at the same local time across daylight saving: Tallinn time
            event.starts(tallinn(own.start)).ends(tallinn(own.end));
        } else {
            event.starts(utc(own.start)).ends(utc(own.end));
        }
        if let Some(description) = &own.description {
            event.description(&text(description));
        }
        if let Some(rule) = &own.recurrence {
            event.add_property("RRULE", plain(rule.trim_start_matches("RRULE:")));
        }
        calendar.push(event.done());
    }
    calendar.done().to_string()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn interview(sequence: u32, state: State) -> InterviewEvent {
        InterviewEvent {
            interview_id: Uuid::nil(),
            sequence,
            state,
            summary: "Interview: Cook, Põhja Köök OÜ".into(),
            description: "Räägime; 10:00, kokk".into(),
            location: Some("Narva mnt 5, Tallinn".into()),
            link: Some("https://meet.example.ee/kokk".into()),
            start: Utc.with_ymd_and_hms(2026, 11, 26, 8, 0, 0).unwrap(),
            end: Utc.with_ymd_and_hms(2026, 11, 26, 9, 0, 0).unwrap(),
            organizer: Some("boss@example.ee".into()),
            attendee: Some("mari@example.ee".into()),
            stamp: Utc.with_ymd_and_hms(2026, 11, 24, 12, 0, 0).unwrap(),
        }
    }

    #[test]
    fn an_interview_message_parses_back_with_its_method_uid_sequence_and_utc_times() {
        let text = interview_message(&interview(3, State::Confirmed), Method::Request);
        assert!(text.contains("DTSTART:20261126T080000Z"), "{text}");
        let parsed: Calendar = text.parse().unwrap();
        assert_eq!(parsed.property_value("METHOD"), Some("REQUEST"));
        let event = parsed.events().next().unwrap();
        assert_eq!(event.get_uid(), Some("00000000-0000-0000-0000-000000000000@vakants.ee"));
        assert_eq!(event.get_sequence(), Some(3));
        assert_eq!(event.get_summary(), Some("Interview: Cook, Põhja Köök OÜ"));
        assert_eq!(event.get_description(), Some("Räägime; 10:00, kokk"), "text escaping round-trips");
        assert_eq!(event.property_value("ORGANIZER"), Some("mailto:boss@example.ee"));
    }

    #[test]
    fn a_feed_with_a_series_in_tallinn_time_carries_the_tallinn_vtimezone() {
        let start = Utc.with_ymd_and_hms(2026, 11, 30, 7, 0, 0).unwrap();
        let series = OwnEvent {
            event_id: Uuid::nil(),
            name: "Planeerimine".into(),
            description: None,
            start,
            end: start + chrono::Duration::hours(1),
            recurrence: Some("RRULE:FREQ=WEEKLY".into()),
            stamp: start,
        };
        let text = feed("Vakants", &[], &[series]);
        assert!(text.contains("DTSTART;TZID=Europe/Tallinn:20261130T090000"), "{text}");
        let parsed: Calendar = text.parse().unwrap();
        let zone = parsed.components.iter().find_map(|c| match c {
            icalendar::CalendarComponent::Other(other) if other.component_kind() == "VTIMEZONE" => Some(other),
            _ => None,
        });
        let zone = zone.expect("a VTIMEZONE");
        assert_eq!(zone.property_value("TZID"), Some("Europe/Tallinn"));
        let kinds: Vec<String> = zone.components().iter().map(|c| c.component_kind()).collect();
        assert_eq!(kinds, ["DAYLIGHT", "STANDARD"]);
        assert!(!feed("Vakants", &[], &[]).contains("VTIMEZONE"), "no zone where no time needs it");
    }

    #[test]
    fn a_cancellation_says_cancel_and_cancelled() {
        let text = interview_message(&interview(4, State::Cancelled), Method::Cancel);
        let parsed: Calendar = text.parse().unwrap();
        assert_eq!(parsed.property_value("METHOD"), Some("CANCEL"));
        assert_eq!(parsed.events().next().unwrap().get_status(), Some(EventStatus::Cancelled));
    }

    /// Every content line of a document: split at CR LF only, so a stray CR or LF shows up inside one.
    fn lines(document: &str) -> Vec<&str> {
        assert!(document.ends_with("\r\n"));
        document[..document.len() - 2].split("\r\n").collect()
    }

    #[test]
    fn a_carriage_return_in_any_text_never_reaches_the_file_raw() {
        for breaker in ["\r", "\r\n", "\n"] {
            let mut hostile = interview(1, State::Confirmed);
            hostile.summary = format!("Interview{breaker}ATTENDEE:mailto:evil@example.com");
            hostile.description = format!("Räägime{breaker}{breaker}BEGIN:VALARM");
            hostile.location = Some(format!("Narva mnt 5{breaker}Tallinn"));
            hostile.link = Some(format!("https://meet.example.ee/kokk{breaker}X-EVIL:1"));
            hostile.organizer = Some(format!("boss@example.ee{breaker}X-EVIL:2"));
            let own = OwnEvent {
                event_id: Uuid::nil(),
                name: format!("Own{breaker}METHOD:CANCEL"),
                description: Some(format!("a{breaker}b")),
                start: hostile.start,
                end: hostile.end,
                recurrence: Some(format!("RRULE:FREQ=WEEKLY{breaker}X-EVIL:3")),
                stamp: hostile.stamp,
            };
            for document in [interview_message(&hostile, Method::Request), feed(&format!("Mari{breaker}X-EVIL:4"), &[hostile.clone()], &[own])] {
                for line in lines(&document) {
                    assert!(!line.contains('\r') && !line.contains('\n'), "{breaker:?}: a raw line break inside {line:?}");
                    assert!(!line.starts_with("X-EVIL") && !line.starts_with("BEGIN:VALARM"), "{breaker:?}: an injected line {line:?}");
                }
                let parsed: Calendar = document.parse().unwrap();
                let event = parsed.events().next().unwrap();
                assert_eq!(event.get_description(), Some("Räägime\n\nBEGIN:VALARM"), "{breaker:?}: the break is kept as a text line break");
                assert_eq!(event.get_location(), Some("Narva mnt 5\nTallinn"));
                assert_eq!(event.property_value("ORGANIZER"), Some("mailto:boss@example.eeX-EVIL:2"), "{breaker:?}: the break is gone, the text stays in its value");
            }
        }
    }
}
