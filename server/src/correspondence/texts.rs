//! The texts of notifications, in the languages the site speaks (Polish, English, Russian): a small catalog, one
//! entry per text and language, filled in with the notification's numbers and the opponent's name. Names are
//! put where no grammatical case changes them ("opponent: NAME"), so the texts stay right in Polish and Russian.

use kartka_protocol::correspondence::{Language, NotificationKind};

/// A language for its stored code (`en`, `pl`, `ru`); none for any other text.
#[must_use]
pub fn language(code: &str) -> Option<Language> {
    match code {
        "en" => Some(Language::En),
        "pl" => Some(Language::Pl),
        "ru" => Some(Language::Ru),
        _ => None,
    }
}

/// The stored code of a language.
#[must_use]
pub fn code(language: Language) -> &'static str {
    match language {
        Language::En => "en",
        Language::Pl => "pl",
        Language::Ru => "ru",
    }
}

/// The text of a notification in `language`: it is my move, `threshold` percent of my time for it is used, or a
/// test of my webhook; naming the `opponent` when known.
#[must_use]
pub fn notification(
    language: Language,
    kind: NotificationKind,
    threshold: Option<u8>,
    opponent: Option<&str>,
) -> String {
    let text = match (kind, language) {
        (NotificationKind::YourTurn, Language::En) => "Your move.".to_owned(),
        (NotificationKind::YourTurn, Language::Pl) => "Twój ruch.".to_owned(),
        (NotificationKind::YourTurn, Language::Ru) => "Ваш ход.".to_owned(),
        (NotificationKind::Reminder, Language::En) => {
            format!("Reminder: {}% of your time for this move is used.", threshold.unwrap_or(0))
        }
        (NotificationKind::Reminder, Language::Pl) => {
            format!("Przypomnienie: wykorzystano {}% czasu na ten ruch.", threshold.unwrap_or(0))
        }
        (NotificationKind::Reminder, Language::Ru) => {
            format!("Напоминание: использовано {}% времени на этот ход.", threshold.unwrap_or(0))
        }
        (NotificationKind::Test, Language::En) => "A test notification: your webhook works.".to_owned(),
        (NotificationKind::Test, Language::Pl) => "Powiadomienie testowe: twój webhook działa.".to_owned(),
        (NotificationKind::Test, Language::Ru) => "Тестовое уведомление: ваш вебхук работает.".to_owned(),
    };
    let Some(opponent) = opponent else { return text };
    let label = match language {
        Language::En => "Opponent",
        Language::Pl => "Przeciwnik",
        Language::Ru => "Соперник",
    };
    format!("{text} {label}: {opponent}.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_its_own_texts() {
        let texts: Vec<String> = [Language::En, Language::Pl, Language::Ru]
            .into_iter()
            .map(|language| notification(language, NotificationKind::Reminder, Some(80), Some("bob")))
            .collect();
        assert_eq!(texts[1], "Przypomnienie: wykorzystano 80% czasu na ten ruch. Przeciwnik: bob.");
        assert_eq!(texts[2], "Напоминание: использовано 80% времени на этот ход. Соперник: bob.");
        assert!(texts[0].contains("80%") && texts[0] != texts[1]);
        assert_eq!(notification(Language::Pl, NotificationKind::YourTurn, None, None), "Twój ruch.");
        for language in [Language::En, Language::Pl, Language::Ru] {
            assert_eq!(super::language(code(language)), Some(language));
        }
        assert_eq!(super::language("de"), None);
    }
}
