//! The word games' dictionaries: normalisation, the file and its hash, the lookups, the draw and the registry.

use std::sync::Arc;

use kartka_engine::dictionary::{
    build, registry, Dictionary, DictionaryHash, DictionaryName, FileError, Language, WordError, FORMAT_VERSION, MAGIC,
    MAX_WORD_LETTERS,
};

fn name(text: &str) -> DictionaryName {
    DictionaryName::new(text).expect("a name")
}

fn list(language: Language, list_name: &str, words: &[&str]) -> Dictionary {
    Dictionary::read(build(language, name(list_name), words).expect("builds")).expect("reads")
}

#[test]
fn words_are_lower_cased_russian_yo_is_ye_and_polish_letters_are_kept() {
    assert_eq!(Language::Pl.normalise("ŻÓŁW"), Ok("żółw".to_owned()));
    assert_eq!(Language::Pl.normalise("Gęślą"), Ok("gęślą".to_owned()));
    assert_eq!(Language::Pl.normalise("boxerów"), Ok("boxerów".to_owned()));
    assert_eq!(Language::En.normalise("Quiz"), Ok("quiz".to_owned()));
    assert_eq!(Language::Ru.normalise("ЁЖИК"), Ok("ежик".to_owned()));
    assert_eq!(Language::Ru.normalise("ёлка"), Language::Ru.normalise("елка"));
    assert_eq!(Language::Pl.normalise(""), Err(WordError::Empty));
    for (language, text, letter) in [
        (Language::En, "naïve", 'ï'),
        (Language::En, "don't", '\''),
        (Language::Pl, "abbé", 'é'),
        (Language::Pl, "kot pies", ' '),
        (Language::Pl, "кот", 'к'),
        (Language::Ru, "cat", 'c'),
        (Language::En, "ß", 'ß'),
    ] {
        assert_eq!(language.normalise(text), Err(WordError::Letter { letter, language }), "{text:?}");
    }
    let longest = "a".repeat(MAX_WORD_LETTERS);
    assert_eq!(Language::En.normalise(&longest), Ok(longest.clone()));
    assert_eq!(Language::En.normalise(&format!("{longest}a")), Err(WordError::TooLong));
}

#[test]
fn languages_read_and_write_their_codes_and_name_their_alphabets() {
    for language in Language::ALL {
        assert_eq!(language.code().parse::<Language>(), Ok(language));
        assert_eq!(language.to_string(), language.code());
        let alphabet = language.alphabet();
        assert!(alphabet.iter().all(|&letter| language.normalise(&letter.to_string()) == Ok(letter.to_string())));
    }
    assert!("de".parse::<Language>().is_err() && "PL".parse::<Language>().is_err());
    assert_eq!(Language::Pl.alphabet().len(), 35);
    assert_eq!(Language::En.alphabet().len(), 26);
    assert_eq!(Language::Ru.alphabet().len(), 32);
    assert!(!Language::Ru.alphabet().contains(&'ё'));
}

#[test]
fn a_list_answers_words_prefixes_and_fragments_anywhere_in_a_word() {
    let polish = list(Language::Pl, "test-lookups", &["kot", "Kotek", "żółw", "gęś", "dom", "kot"]);
    assert_eq!(polish.len(), 5);
    assert!(!polish.is_empty());
    assert_eq!(polish.language(), Language::Pl);
    for word in ["kot", "kotek", "żółw", "gęś", "dom"] {
        assert!(polish.contains(word), "{word}");
    }
    for word in ["ko", "kotk", "Kot", "domy", ""] {
        assert!(!polish.contains(word), "{word}");
    }
    for prefix in ["", "k", "kot", "kote", "żó", "gę", "gęś"] {
        assert!(polish.has_prefix(prefix), "{prefix}");
    }
    for prefix in ["o", "kotki", "ż\u{f3}x", "ę", "domy"] {
        assert!(!polish.has_prefix(prefix), "{prefix}");
    }
    for fragment in ["", "k", "ot", "ote", "tek", "ek", "ółw", "łw", "ó", "ęś", "ś", "om", "kotek"] {
        assert!(polish.contains_fragment(fragment), "{fragment}");
    }
    for fragment in ["x", "tk", "ekk", "kotekk", "wż", "óó", "do m", "okt"] {
        assert!(!polish.contains_fragment(fragment), "{fragment}");
    }
    let words: Vec<String> = polish.words().stream().into_strs().expect("UTF-8");
    assert_eq!(words, ["dom", "gęś", "kot", "kotek", "żółw"]);
}

#[test]
fn the_draw_is_the_same_for_the_same_seed_and_takes_only_accepted_words_of_its_lengths() {
    let english = list(
        Language::En,
        "test-draw",
        &["ant", "bee", "cat", "dog", "eel", "fox", "gnu", "hen", "yak", "wasp", "horse"],
    );
    for seed in 0..50 {
        let drawn = english.draw(seed, 3..=4, |word| word != "cat");
        assert_eq!(drawn, english.draw(seed, 3..=4, |word| word != "cat"));
        assert!(drawn.is_some_and(|word| word != "cat" && word != "horse" && english.contains(&word)));
    }
    let seen: std::collections::BTreeSet<String> =
        (0..200).filter_map(|seed| english.draw(seed, 3..=3, |word| word.starts_with(['a', 'b', 'c']))).collect();
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["ant", "bee", "cat"]);
    let lengths: std::collections::BTreeSet<String> =
        (0..200).filter_map(|seed| english.draw(seed, 4..=5, |_| true)).collect();
    assert_eq!(lengths.into_iter().collect::<Vec<_>>(), ["horse", "wasp"]);
    assert_eq!(english.draw(7, 6..=9, |_| true), None, "no word of those lengths");
    assert_eq!(english.draw(7, 3..=5, |word| word.len() > 5), None, "none accepted");
}

#[test]
fn a_draw_that_accepts_almost_nothing_still_finds_the_one_word_it_takes() {
    let letter = |n: usize| char::from(b'a' + u8::try_from(n % 26).expect("below 26"));
    let words: Vec<String> = (0..2000)
        .map(|n| format!("w{}{}{}{}", letter(n / 17_576), letter(n / 676), letter(n / 26), letter(n)))
        .collect();
    let refs: Vec<&str> = words.iter().map(String::as_str).collect();
    let english = list(Language::En, "test-draw-rare", &refs);
    for seed in 0..5 {
        assert_eq!(english.draw(seed, 5..=5, |word| word == words[1234]).as_deref(), Some(words[1234].as_str()));
    }
}

#[test]
fn a_build_is_reproducible_and_its_hash_names_the_content() {
    let words = ["кот", "Ёж", "дом", "еж"];
    let first = build(Language::Ru, name("test-hash"), words).expect("builds");
    let again = build(Language::Ru, name("test-hash"), ["дом", "еж", "кот", "дом"]).expect("builds");
    assert_eq!(first, again);
    assert_eq!(DictionaryHash::of(&first), DictionaryHash::of(&again));
    let read = Dictionary::read(first.clone()).expect("reads");
    assert_eq!(read.len(), 3);
    assert_eq!(read.id().hash, DictionaryHash::of(&first));
    let renamed = build(Language::Ru, name("test-hash-2"), words).expect("builds");
    let more = build(Language::Ru, name("test-hash"), ["кот", "дом", "еж", "кит"]).expect("builds");
    assert_ne!(DictionaryHash::of(&renamed), DictionaryHash::of(&first));
    assert_ne!(DictionaryHash::of(&more), DictionaryHash::of(&first));
    let hex = read.id().hash.to_hex();
    assert_eq!(DictionaryHash::from_hex(&hex.to_uppercase()), Some(read.id().hash));
    assert_eq!(read.id().to_string(), format!("ru/test-hash@{}", &hex[..12]));
    for bad in ["", "ab", &"g".repeat(64), &"a".repeat(65)] {
        assert_eq!(DictionaryHash::from_hex(bad), None, "{bad:?}");
    }
    assert_eq!(
        build(Language::En, name("test-hash"), ["cat", "Dog's"]),
        Err(kartka_engine::dictionary::BuildError::Word {
            word: "Dog's".to_owned(),
            error: WordError::Letter { letter: '\'', language: Language::En }
        })
    );
    assert_eq!(build(Language::En, name("test-hash"), [""; 0]), Err(kartka_engine::dictionary::BuildError::Empty));
}

#[test]
fn names_follow_the_grammar() {
    for good in ["sjp", "sjp-small", "scowl-2020", &"a".repeat(32)] {
        assert_eq!(DictionaryName::new(good).map(|name| name.to_string()), Some(good.to_owned()));
    }
    for bad in ["", "SJP", "sjp small", "słownik", "sjp_small", &"a".repeat(33)] {
        assert_eq!(DictionaryName::new(bad), None, "{bad:?}");
    }
}

#[test]
fn a_malformed_file_is_refused_with_its_reason() {
    let good = build(Language::Pl, name("test-malformed"), ["kot", "pies"]).expect("builds");
    let header_len = MAGIC.len() + 1 + 2 + 1 + "test-malformed".len();
    let with = |change: &dyn Fn(&mut Vec<u8>)| {
        let mut bytes = good.clone();
        change(&mut bytes);
        Dictionary::read(bytes).expect_err("refused")
    };
    assert_eq!(with(&|bytes| bytes[0] = b'X'), FileError::NotADictionary);
    assert_eq!(with(&|bytes| bytes.truncate(MAGIC.len() + 2)), FileError::NotADictionary);
    assert_eq!(with(&|bytes| bytes[MAGIC.len()] = FORMAT_VERSION + 1), FileError::Version(FORMAT_VERSION + 1));
    assert_eq!(with(&|bytes| bytes[MAGIC.len() + 1..MAGIC.len() + 3].copy_from_slice(b"de")), {
        FileError::Language("de".to_owned())
    });
    assert_eq!(with(&|bytes| bytes[MAGIC.len() + 4] = b'T'), FileError::Name("Test-malformed".to_owned()));
    assert!(matches!(with(&|bytes| bytes.truncate(header_len + 10)), FileError::Words(_)));
    assert!(matches!(with(&|bytes| bytes[header_len + 3] ^= 0x55), FileError::Words(_) | FileError::Malformed));
    // The words of another language's list: a Russian set under a Polish header.
    let russian = build(Language::Ru, name("test-malformed"), ["кот"]).expect("builds");
    let mut mislabelled = russian.clone();
    mislabelled[MAGIC.len() + 1..MAGIC.len() + 3].copy_from_slice(b"pl");
    assert_eq!(
        Dictionary::read(mislabelled).expect_err("refused"),
        FileError::Word { word: "кот".to_owned(), language: Language::Pl }
    );
    // A set of words that are not normalised, written by the fst crate itself.
    let capitals = fst::Set::from_iter(["Kot", "pies"]).expect("a set");
    let mut unnormalised = good[..header_len].to_vec();
    unnormalised.extend_from_slice(capitals.as_fst().as_bytes());
    assert_eq!(
        Dictionary::read(unnormalised).expect_err("refused"),
        FileError::Word { word: "Kot".to_owned(), language: Language::Pl }
    );
    let empty = fst::Set::from_iter([""; 0]).expect("a set");
    let mut no_words = good[..header_len].to_vec();
    no_words.extend_from_slice(empty.as_fst().as_bytes());
    assert_eq!(Dictionary::read(no_words).expect_err("refused"), FileError::Empty);
}

#[test]
fn the_registry_adds_a_list_once_and_refuses_other_content_under_a_registered_name() {
    let bytes = build(Language::En, name("test-registry"), ["cat", "dog"]).expect("builds");
    let registered = registry::register(bytes.clone()).expect("registers");
    let again = registry::register(bytes).expect("the same list again");
    assert!(Arc::ptr_eq(&registered, &again));
    assert!(registry::find(&registered.id()).is_some_and(|found| Arc::ptr_eq(&found, &registered)));
    assert!(registry::by_hash(&registered.id().hash).is_some_and(|found| Arc::ptr_eq(&found, &registered)));
    assert!(registry::by_hash(&DictionaryHash([0; 32])).is_none());
    let other = build(Language::En, name("test-registry"), ["cat", "dog", "eel"]).expect("builds");
    let other_id = Dictionary::read(other.clone()).expect("reads").id();
    assert_eq!(
        registry::register(other).expect_err("refused"),
        registry::RegisterError::Conflict { language: Language::En, name: name("test-registry") }
    );
    assert_eq!(registry::find(&other_id).map(|list| list.id()), None);
    assert!(matches!(registry::register(b"KRTKDICT".to_vec()), Err(registry::RegisterError::Unreadable(_))));
    // The same name in another language is another list.
    assert!(registry::register(build(Language::Pl, name("test-registry"), ["kot"]).expect("builds")).is_ok());
}

#[test]
fn every_shipped_list_reads_holds_common_words_and_is_the_default_until_a_larger_one_comes() {
    for (language, common) in [
        (Language::Pl, ["kot", "dom", "pies", "woda", "ręka", "miasto"]),
        (Language::En, ["cat", "house", "water", "hand", "city", "word"]),
        (Language::Ru, ["кот", "дом", "вода", "рука", "город", "слово"]),
    ] {
        let shipped = registry::shipped(language);
        assert_eq!(shipped.language(), language);
        assert!(shipped.id().name.as_str().ends_with("-small"), "{}", shipped.id());
        assert!(registry::find(&shipped.id()).is_some());
        for word in common {
            assert!(shipped.contains(word), "{language}: {word}");
            let middle: String = word.chars().skip(1).take(2).collect();
            let prefix: String = word.chars().take(word.chars().count() - 1).collect();
            assert!(shipped.contains_fragment(&middle) && shipped.has_prefix(&prefix), "{word}");
        }
        let never = language.alphabet()[0].to_string().repeat(5);
        assert!(!shipped.contains_fragment(&never), "{language}: {never}");
        assert!(registry::default_for(language).len() >= shipped.len());
    }
    let larger: Vec<String> = {
        let mut words: Vec<String> = registry::shipped(Language::Ru).words().stream().into_strs().expect("UTF-8");
        words.push("щщщщ".to_owned());
        words
    };
    let larger = registry::register(build(Language::Ru, name("test-larger"), &larger).expect("builds")).expect("ok");
    assert!(Arc::ptr_eq(&registry::default_for(Language::Ru), &larger));
    assert_eq!(registry::shipped(Language::Ru).id().name.as_str(), "lebedev-small");
}

proptest::proptest! {
    /// A damaged file is refused with a typed error, never a panic: a byte changed in the word set (its checksum
    /// catches it) or a file cut short anywhere. A changed header byte may make another valid file (another name
    /// letter), whose hash then differs.
    #[test]
    fn a_damaged_file_is_refused_without_a_panic(at in 0usize..4096, value: u8, cut in 0usize..4096) {
        let original = build(Language::Pl, name("test-damaged"), ["kot", "kotek", "pies", "żółw", "gęś"]).expect("builds");
        let header_len = MAGIC.len() + 1 + 2 + 1 + "test-damaged".len();
        let mut bytes = original.clone();
        let at = at % bytes.len();
        bytes[at] = value;
        match Dictionary::read(bytes.clone()) {
            Ok(read) => proptest::prop_assert!(
                bytes == original || (at < header_len && read.id().hash != DictionaryHash::of(&original))
            ),
            Err(_) => proptest::prop_assert!(bytes != original),
        }
        bytes.truncate(cut % bytes.len());
        proptest::prop_assert!(Dictionary::read(bytes).is_err());
    }
}
