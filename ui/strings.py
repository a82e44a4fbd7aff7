"""Every visible word of the app, in English, German, Dutch and Danish.

Each entry is a 4-tuple in the order of `LANGUAGES`, so a missing translation is a syntax-level
mistake rather than a silent English leftover. Placeholders use `str.format` names.

>>> text("de", "tab_scores")
'Punktezettel'
>>> text("xx", "tab_scores")
'Score sheet'
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "nl": "Nederlands", "da": "Dansk"}
DEFAULT_LANGUAGE = "en"
_ORDER = tuple(LANGUAGES)

TEXT: dict[str, tuple[str, str, str, str]] = {
    # --- page frame -------------------------------------------------------------------------
    "title": ("PhaseLens", "PhaseLens", "PhaseLens", "PhaseLens"),
    "subtitle": (
        "Photograph your hand, get the best play, keep the score.",
        "Hand fotografieren, besten Zug sehen, Punkte notieren.",
        "Fotografeer je hand, zie de beste zet, houd de score bij.",
        "Fotografér din hånd, se det bedste træk, hold styr på pointene.",
    ),
    "language": ("Language", "Sprache", "Taal", "Sprog"),
    "tab_hand": ("Hand", "Hand", "Hand", "Hånd"),
    "tab_scores": ("Score sheet", "Punktezettel", "Scoreblad", "Pointtavle"),
    "settings": ("Rules", "Regeln", "Regels", "Regler"),
    "ruleset": ("Ruleset", "Regelwerk", "Spelregels", "Regelsæt"),
    "ruleset_mattel": (
        "Phase 10 (Mattel)", "Phase 10 (Mattel)", "Phase 10 (Mattel)", "Phase 10 (Mattel)",
    ),
    # Streamlit's own hint under a box being typed in, English in every language (it has no
    # setting); the page's CSS says it in the page's language (`ui.chips.input_hint_css`).
    "input_hint_enter": ("Press Enter to apply", "Mit Enter übernehmen",
                         "Druk op Enter om toe te passen", "Tryk Enter for at anvende"),
    "input_hint_ctrl_enter": ("Press Ctrl+Enter to apply", "Mit Strg/⌘+Enter übernehmen",
                              "Druk op Ctrl/⌘+Enter om toe te passen",
                              "Tryk Ctrl/⌘+Enter for at anvende"),
    "ruleset_zehn-phasen": (
        "Zehn Phasen (standard cards, kings wild)",
        "Zehn Phasen (normale Karten, Könige wild)",
        "Zehn Phasen (gewone kaarten, heren wild)",
        "Zehn Phasen (almindelige kort, konger som wild-kort)",
    ),
    "ruleset_classic": (
        "Classic cards (jokers wild)",
        "Klassische Karten (Joker wild)",
        "Klassieke kaarten (jokers wild)",
        "Klassiske kort (jokere som wild-kort)",
    ),
    "phase": ("Phase", "Phase", "Fase", "Fase"),
    "phase_from_sheet": (
        "Phase from the score sheet: {player}",
        "Phase vom Punktezettel: {player}",
        "Fase van het scoreblad: {player}",
        "Fase fra pointtavlen: {player}",
    ),
    "phase_typed": ("Choose the phase myself", "Phase selbst wählen", "Fase zelf kiezen",
                    "Vælg fasen selv"),
    "phase_whose": ("Whose phase?", "Wessen Phase?", "Wiens fase?", "Hvis fase?"),
    "phase_whose_ask": (
        "Say whose phase the advice is for: a player's from the score sheet, or one you choose.",
        "Sag, für wessen Phase die Empfehlung gilt: die eines Spielers vom Punktezettel oder "
        "eine selbst gewählte.",
        "Zeg voor wiens fase het advies is: die van een speler op het scoreblad, of een die je "
        "zelf kiest.",
        "Sig, hvis fase rådet gælder: en spillers fra pointtavlen eller en, du selv vælger.",
    ),
    "phase_typed_box": ("Phase chosen", "Gewählte Phase", "Gekozen fase", "Valgt fase"),
    "other_phase_ready": (
        "This hand already holds phase {phases}, which you may choose instead.",
        "Diese Hand enthält schon Phase {phases}, die du stattdessen wählen darfst.",
        "Deze hand bevat al fase {phases}, die je in plaats daarvan mag kiezen.",
        "Denne hånd har allerede fase {phases}, som du kan vælge i stedet.",
    ),
    "other_phases_ready": (
        "This hand already holds phases {phases}; you may choose any of them instead.",
        "Diese Hand enthält schon die Phasen {phases}; du darfst stattdessen eine davon wählen.",
        "Deze hand bevat al de fasen {phases}; je mag in plaats daarvan ook een van die fasen "
        "kiezen.",
        "Denne hånd har allerede faserne {phases}; du kan i stedet vælge en hvilken som helst af "
        "dem.",
    ),
    "sheet_other_rules": (
        "This game is scored with {game_rules}; the advice below follows {rules} and its phases.",
        "Dieses Spiel wird nach den Regeln „{game_rules}“ gezählt; die Empfehlung unten folgt "
        "den Regeln „{rules}“ und ihren Phasen.",
        "Dit spel wordt geteld volgens {game_rules}; het advies hieronder volgt {rules} en de "
        "fasen daarvan.",
        "Dette spil tælles efter {game_rules}; rådet nedenfor følger {rules} og dets faser.",
    ),
    "phase_done_all": (
        "{player} has finished every phase.",
        "{player} hat alle Phasen geschafft.",
        "{player} heeft alle fasen gehaald.",
        "{player} har klaret alle faser.",
    ),
    # A score-sheet player who is not among a play-off's tied players (orders audit, s67).
    "phase_playoff_without": (
        "{player} is not in the play-off: only {players} play this hand.",
        "{player} ist nicht im Stechen: diese Runde spielen nur {players}.",
        "{player} doet niet mee aan de beslissingsronde: alleen {players} spelen deze ronde.",
        "{player} er ikke med i omspillet: kun {players} spiller denne runde.",
    ),
    "opt_skips": (
        "Play with Skip cards",
        "Mit Aussetzkarten",
        "Met pestkaarten",
        "Med skip-kort",
    ),
    "opt_skips_jokers": (
        "Play with jokers (the skip cards)",
        "Mit Jokern (den Aussetzkarten)",
        "Met jokers (de pestkaarten)",
        "Med jokere (skip-kortene)",
    ),
    # House rules: the official rules ask one natural card a group and no run going round.
    "opt_wrap": (
        "House rule: runs may go on from {top} to {bottom}",
        "Hausregel: Folgen dürfen von {top} weiter auf {bottom} gehen",
        "Huisregel: reeksen mogen van {top} doorgaan naar {bottom}",
        "Husregel: rækker må fortsætte fra {top} til {bottom}",
    ),
    "opt_naturals": (
        "Natural cards (not wilds) each group needs",
        "Echte Karten (keine wilden), die jede Gruppe braucht",
        "Echte kaarten (geen wilde) die elke groep nodig heeft",
        "Ægte kort (ikke wild-kort), som hver gruppe skal have",
    ),
    "opt_naturals_help": (
        "The rules ask for 1; 0 or 2 are house rules.",
        "Die Regeln verlangen 1; 0 oder 2 sind Hausregeln.",
        "De regels vragen 1; 0 of 2 zijn huisregels.",
        "Reglerne kræver 1; 0 eller 2 er husregler.",
    ),
    "opt_skip_count": ("Skip cards in the deck", "Aussetzkarten im Spiel",
                       "Pestkaarten in het spel", "Skip-kort i spillet"),
    "opt_skip_count_jokers": ("Jokers in your decks", "Joker in euren Blättern",
                              "Jokers in jullie kaartspellen", "Jokere i jeres kortspil"),
    "opt_skip_count_help": (
        "If your pack is missing Skip cards, set how many it has: the odds and the check of "
        "your cards count only those.",
        "Fehlen eurem Spiel Aussetzkarten, stellt hier ein, wie viele es hat: Chancen und "
        "Kartenprüfung zählen nur diese.",
        "Mist jullie spel pestkaarten, stel dan hier in hoeveel het er heeft: de kansen en de "
        "controle van je kaarten tellen alleen die.",
        "Mangler jeres spil skip-kort, så angiv her, hvor mange det har: chancerne og "
        "kontrollen af dine kort tæller kun dem.",
    ),
    "opt_skip_count_jokers_help": (
        "If your decks came with fewer jokers, set how many you have: the odds and the check "
        "of your cards count only those.",
        "Haben eure Blätter weniger Joker, stellt hier ein, wie viele ihr habt: Chancen und "
        "Kartenprüfung zählen nur diese.",
        "Hebben jullie kaartspellen minder jokers, stel dan hier in hoeveel jullie er hebben: "
        "de kansen en de controle van je kaarten tellen alleen die.",
        "Har jeres kortspil færre jokere, så angiv her, hvor mange I har: chancerne og "
        "kontrollen af dine kort tæller kun dem.",
    ),
    # --- how to play (ui.howto), worked out from the ruleset ----------------------------------
    "howto": ("How to play", "So wird gespielt", "Zo speel je", "Sådan spiller du"),
    "howto_cards_phase10": (
        "The cards: numbers 1–{top} in four colours, {copies} of each.",
        "Die Karten: Zahlen 1–{top} in vier Farben, je {copies}-mal.",
        "De kaarten: nummers 1–{top} in vier kleuren, elk {copies} keer.",
        "Kortene: tallene 1–{top} i fire farver, {copies} af hver.",
    ),
    "howto_cards_standard": (
        "The cards: {decks} ordinary decks shuffled together; a card's number is its rank "
        "({ranks}).",
        "Die Karten: {decks} normale Kartenspiele, zusammengemischt; als Zahl einer Karte gilt "
        "ihr Wert ({ranks}).",
        "De kaarten: {decks} gewone kaartspellen, door elkaar geschud; als nummer van een kaart "
        "geldt haar waarde ({ranks}).",
        "Kortene: {decks} almindelige kortspil blandet sammen; et korts tal er dets værdi "
        "({ranks}).",
    ),
    "howto_cards_standard_one": (
        "The cards: one ordinary deck; a card's number is its rank ({ranks}).",
        "Die Karten: ein normales Kartenspiel; als Zahl einer Karte gilt ihr Wert ({ranks}).",
        "De kaarten: één gewoon kaartspel; als nummer van een kaart geldt haar waarde "
        "({ranks}).",
        "Kortene: ét almindeligt kortspil; et korts tal er dets værdi ({ranks}).",
    ),
    "howto_wild_W": (
        "A Wild (W, {count} in the deck) stands for any number and any colour.",
        "Ein Joker (W, {count} im Spiel) ist wild: er steht für jede Zahl und jede Farbe.",
        "Een joker (W, {count} in het spel) is wild: hij staat voor elk nummer en elke kleur.",
        "En joker (W, {count} i spillet) er et wild-kort: den kan være ethvert tal og enhver "
        "farve.",
    ),
    "howto_wild_K": (
        "A King (K, {count} in the deck) is wild: it stands for any number and any suit.",
        "Ein König (K, {count} im Spiel) ist wild: er steht für jede Zahl und jede Farbe.",
        "Een heer (K, {count} in het spel) is wild: hij staat voor elk nummer en elke kleur.",
        "En konge (K, {count} i spillet) er et wild-kort: den kan være ethvert tal og enhver "
        "kulør.",
    ),
    "howto_wild_X": (
        "A joker (X, {count} in the deck) is wild: it stands for any card.",
        "Ein Joker (X, {count} im Spiel) ist wild: er steht für jede Karte.",
        "Een joker (X, {count} in het spel) is wild: hij staat voor elke kaart.",
        "En joker (X, {count} i spillet) er et wild-kort: den kan være ethvert kort.",
    ),
    "howto_naturals_one": (
        "Every group needs at least one natural card (not a wild).",
        "Jede Gruppe braucht mindestens eine echte Karte (keine wilde Karte).",
        "Elke groep heeft minstens één echte kaart nodig (geen wilde kaart).",
        "Hver gruppe skal have mindst ét ægte kort (ikke et wild-kort).",
    ),
    "howto_naturals_many": (
        "Every group needs at least {count} natural cards (not wilds).",
        "Jede Gruppe braucht mindestens {count} echte Karten (keine wilden Karten).",
        "Elke groep heeft minstens {count} echte kaarten nodig (geen wilde kaarten).",
        "Hver gruppe skal have mindst {count} ægte kort (ikke wild-kort).",
    ),
    "howto_naturals_none": (
        "A group may even be made of wilds alone.",
        "Eine Gruppe darf sogar nur aus wilden Karten bestehen.",
        "Een groep mag zelfs alleen uit wilde kaarten bestaan.",
        "En gruppe må endda bestå af wild-kort alene.",
    ),
    "howto_skip_S": (
        "A Skip (S, {count} in the deck) belongs in no group: discard it, and a player you "
        "choose misses their next turn (not one who already has a Skip waiting). A Skip is "
        "never taken from the discard pile; turned up as its first card, the first player "
        "misses a turn.",
        "Eine Aussetzkarte (S, {count} im Spiel) gehört in keine Gruppe: wirf sie ab, und ein "
        "Spieler deiner Wahl setzt in seinem nächsten Zug aus (nicht, wer schon eine "
        "Aussetzkarte vor sich liegen hat). Vom Ablagestapel wird sie nie genommen; liegt sie "
        "dort als erste Karte, setzt der erste Spieler aus.",
        "Een pestkaart (S, {count} in het spel) hoort in geen groep: leg haar af, en een "
        "speler naar keuze slaat zijn volgende beurt over (niet iemand die al een pestkaart "
        "heeft liggen). Je pakt haar nooit van de aflegstapel; ligt ze daar als eerste kaart, "
        "dan slaat de eerste speler een beurt over.",
        "Et skip-kort (S, {count} i spillet) hører ikke til nogen gruppe: kassér det, og en "
        "spiller efter dit valg springer sin næste tur over (ikke en, der allerede har et "
        "skip-kort liggende). Det tages aldrig fra kassestakken; ligger det der som første "
        "kort, springer den første spiller en tur over.",
    ),
    "howto_skip_X": (
        "A joker (X, {count} in the deck) is the skip card and belongs in no group: discard it, "
        "and a player you choose misses their next turn (each player at most once a hand; once "
        "all the others have sat out, a discarded joker does nothing; with two players it means "
        "you play again). A joker is never taken from the discard pile; turned up as its first "
        "card, the first player misses a turn.",
        "Ein Joker (X, {count} im Spiel) ist die Aussetzkarte und gehört in keine Gruppe: wirf "
        "ihn ab, und ein Spieler deiner Wahl setzt in seinem nächsten Zug aus (jeder höchstens "
        "einmal pro Runde; haben alle anderen schon ausgesetzt, bleibt ein abgelegter Joker "
        "ohne Wirkung; zu zweit bist du einfach noch einmal dran). Vom Ablagestapel wird er nie "
        "genommen; liegt er dort als erste Karte, setzt der erste Spieler aus.",
        "Een joker (X, {count} in het spel) is de pestkaart en hoort in geen groep: leg "
        "hem af, en een speler naar keuze slaat zijn volgende beurt over (ieder hoogstens één "
        "keer per ronde; hebben alle anderen al een beurt overgeslagen, dan heeft een afgelegde "
        "joker geen effect; met z'n tweeën ben je gewoon nog een keer aan de beurt). Je pakt "
        "hem nooit van de aflegstapel; ligt hij daar als eerste kaart, dan slaat de eerste "
        "speler een beurt over.",
        "En joker (X, {count} i spillet) er skip-kortet og hører ikke til nogen gruppe: kassér "
        "den, og en spiller efter dit valg springer sin næste tur over (hver højst én gang pr. "
        "runde; har alle de andre allerede stået over, har en kasseret joker ingen virkning; "
        "når I er to, får du bare en tur til). Den tages aldrig fra kassestakken; ligger den "
        "der som første kort, springer den første spiller en tur over.",
    ),
    "howto_no_skips_jokers": (
        "The jokers are taken out: this game is played without skip cards.",
        "Die Joker kommen aus dem Spiel: gespielt wird ohne Aussetzen.",
        "De jokers gaan uit het spel: er wordt zonder pestkaarten gespeeld.",
        "Jokerne tages ud: der spilles uden skip-kort.",
    ),
    "howto_players": (
        "For 2 to {most} players.", "Für 2 bis {most} Spieler.", "Voor 2 tot {most} spelers.",
        "For 2 til {most} spillere.",
    ),
    # After "The cards: 2 ordinary decks", which the decks option sets: read as a second,
    # different count for four players (browser audit, session 62).
    "howto_players_decks": (
        "The table takes two decks per two players: two players play with 2 decks, four with 4.",
        "Der Tisch nimmt zwei Kartenspiele je zwei Spieler: zu zweit spielt man mit 2, zu viert "
        "mit 4.",
        "De tafel neemt twee kaartspellen per twee spelers: met twee spelers speel je met 2, met "
        "vier met 4.",
        "Bordet tager to kortspil pr. to spillere: to spillere spiller med 2, fire med 4.",
    ),
    "howto_deal": (
        "Each player is dealt 10 cards; the rest is the draw pile, and its top card, turned up, "
        "starts the discard pile. The player to the dealer's left begins; play goes clockwise.",
        "Jeder bekommt 10 Karten; der Rest ist der Ziehstapel, seine oberste Karte kommt offen "
        "daneben und beginnt den Ablagestapel. Der Spieler links vom Geber beginnt, dann geht "
        "es im Uhrzeigersinn weiter.",
        "Iedereen krijgt 10 kaarten; de rest is de pakstapel, en de bovenste kaart daarvan "
        "begint open de aflegstapel. De speler links van de gever begint; er wordt met de klok "
        "mee gespeeld.",
        "Hver spiller får 10 kort; resten er trækbunken, og dens øverste kort vendes og starter "
        "kassestakken. Spilleren til venstre for giveren begynder, og der spilles med uret.",
    ),
    "howto_no_skips": (
        "This game is played without skip cards.",
        "Gespielt wird ohne Aussetzkarten.",
        "Er wordt zonder pestkaarten gespeeld.",
        "Der spilles uden skip-kort.",
    ),
    "howto_groups": (
        "A set is cards of one number, a run numbers in a row, from {bottom} up to {top} at "
        "most (no going round from {top} to {bottom}).",
        "Ein Satz besteht aus Karten mit derselben Zahl, eine Folge aus aufeinanderfolgenden "
        "Zahlen von {bottom} bis höchstens {top} (nie von {top} weiter auf {bottom}).",
        "Een set bestaat uit kaarten met hetzelfde nummer, een reeks uit opeenvolgende nummers "
        "van {bottom} tot hoogstens {top} (nooit van {top} door naar {bottom}).",
        "Et sæt består af kort med samme tal, et stræk af tal i rækkefølge fra {bottom} op til "
        "højst {top} (aldrig videre fra {top} til {bottom}).",
    ),
    # After the groups line: what does not matter in them, by the deck's word for it.
    "howto_any_colour": (
        "Colours do not matter in either.", "Die Farben spielen dabei keine Rolle.",
        "Kleuren doen er daarbij niet toe.", "Farverne er ligegyldige.",
    ),
    "howto_any_suit": (
        "Suits do not matter in either.", "Die Farben spielen dabei keine Rolle.",
        "Kleuren doen er daarbij niet toe.", "Kulørerne er ligegyldige.",
    ),
    "howto_groups_wrap": (
        "A set is cards of one number, a run numbers in a row, and it may go on from {top} "
        "to {bottom}.",
        "Ein Satz besteht aus Karten mit derselben Zahl, eine Folge aus aufeinanderfolgenden "
        "Zahlen, und sie darf von {top} weiter auf {bottom} gehen.",
        "Een set bestaat uit kaarten met hetzelfde nummer, een reeks uit opeenvolgende nummers, "
        "en die mag van {top} doorgaan naar {bottom}.",
        "Et sæt består af kort med samme tal, et stræk af tal i rækkefølge, og det må fortsætte "
        "fra {top} til {bottom}.",
    ),
    "howto_colour": (
        "A colour group is cards of one colour, any numbers.",
        "Eine Farbgruppe („Farbe“) besteht aus Karten derselben Farbe mit beliebigen Zahlen.",
        "Een kleurgroep bestaat uit kaarten van één kleur, met willekeurige nummers.",
        "En farvegruppe består af kort i samme farve med vilkårlige tal.",
    ),
    "howto_colour_suit": (
        "A colour group is cards of one suit (♠, ♥, ♦ or ♣), any numbers.",
        "Eine Farbgruppe („Farbe“) besteht aus Karten derselben Farbe (♠, ♥, ♦ oder ♣) mit "
        "beliebigen Werten.",
        "Een kleurgroep bestaat uit kaarten van één kleur (♠, ♥, ♦ of ♣), met willekeurige "
        "waarden.",
        "En kulørgruppe består af kort i samme kulør (♠, ♥, ♦ eller ♣) med vilkårlige værdier.",
    ),
    "howto_colour_redblack": (
        "A red or black group is cards of one colour: red (♥ ♦) or black (♠ ♣).",
        "Eine Gruppe in Rot oder Schwarz besteht aus Karten einer Farbe: rot (♥ ♦) oder schwarz "
        "(♠ ♣).",
        "Een rode of zwarte groep bestaat uit kaarten van één kleur: rood (♥ ♦) of zwart "
        "(♠ ♣).",
        "En rød eller sort gruppe består af kort i én farve: rød (♥ ♦) eller sort (♠ ♣).",
    ),
    # Only the phases of "one colour and the other" (classic's 9 and 10) hold this.
    "howto_redblack_differ": (
        "Where a phase asks for one colour and the other, its two groups must be of different "
        "colours.",
        "Verlangt eine Phase die eine und die andere Farbe, müssen ihre zwei Gruppen "
        "verschiedene Farben haben.",
        "Vraagt een fase om de ene en de andere kleur, dan moeten haar twee groepen van "
        "verschillende kleur zijn.",
        "Kræver en fase den ene og den anden farve, skal dens to grupper have forskellig farve.",
    ),
    "howto_suit": (
        "A suit group is cards of one suit (♠, ♥, ♦ or ♣).",
        "Eine Symbol-Gruppe besteht aus Karten mit demselben Symbol (♠, ♥, ♦ oder ♣).",
        "Een symboolgroep bestaat uit kaarten met hetzelfde symbool (♠, ♥, ♦ of ♣).",
        "En kulørgruppe består af kort i samme kulør (♠, ♥, ♦ eller ♣).",
    ),
    "howto_turn": (
        "Your turn: draw one card (from the pile, or the top card of the discard pile); once "
        "you hold your whole phase, you may lay it down, all at once and once a hand, with any "
        "more cards that fit its groups (a set of 4 for a set of 3) but no extra group; from "
        "then on add cards to any group on the table (a hit); end by discarding one card. A "
        "laid wild keeps what it stands for.",
        "Dein Zug: nimm eine Karte (vom Ziehstapel oder die oberste vom Ablagestapel); hast du "
        "deine ganze Phase, darfst du sie auslegen, auf einmal und nur einmal pro Runde, auch "
        "mit zusätzlichen Karten, die zu ihren Gruppen passen (etwa ein Vierer-Satz statt eines "
        "Dreier-Satzes), aber ohne weitere Gruppe; ab dann darfst du Karten an jede ausgelegte "
        "Gruppe anlegen; zum Schluss wirfst du eine Karte ab. Eine ausgelegte wilde Karte "
        "bleibt, wofür sie steht.",
        "Je beurt: pak één kaart (van de pakstapel, of de bovenste van de aflegstapel); heb je "
        "je hele fase, dan mag je die neerleggen, in één keer en maar één keer per ronde, ook "
        "met extra kaarten die in de groepen ervan passen (een set van 4 in plaats van 3), maar "
        "zonder extra groep; vanaf dan mag je kaarten aanleggen bij elke groep op tafel; je "
        "eindigt door één kaart af te leggen. Een neergelegde wilde kaart blijft de kaart die "
        "ze vervangt.",
        "Din tur: træk ét kort (fra trækbunken, eller det øverste kort på kassestakken); har du "
        "hele din fase, må du lægge den ud, på én gang og kun én gang pr. runde, også med "
        "ekstra kort, der passer i dens grupper (et sæt af 4 i stedet for 3), men uden ekstra "
        "gruppe; derefter må du lægge kort til enhver gruppe på bordet; du slutter med at "
        "kassere ét kort. Et udlagt wild-kort beholder den værdi, det har fået.",
    ),
    "howto_out_either": (
        "The hand ends as soon as someone has no cards left, by discarding or by adding the "
        "last card to the table.",
        "Die Runde endet, sobald jemand keine Karten mehr hat, durch Abwerfen oder Anlegen der "
        "letzten Karte.",
        "De ronde eindigt zodra iemand geen kaarten meer heeft, door de laatste kaart af te "
        "leggen of aan te leggen.",
        "Runden slutter, så snart nogen ikke har flere kort, ved at kassere eller lægge det "
        "sidste kort til.",
    ),
    "howto_out_either_several": (
        "You go out by discarding or by adding your last card to the table; several players "
        "may go out in one hand.",
        "Du gehst aus, indem du deine letzte Karte abwirfst oder anlegst; in einer Runde können "
        "mehrere ausgehen.",
        "Je gaat uit door je laatste kaart af te leggen of aan te leggen; in één ronde kunnen "
        "meerdere spelers uitgaan.",
        "Du går ud ved at kassere eller lægge dit sidste kort til; flere spillere kan gå ud i "
        "samme runde.",
    ),
    "howto_out_discard": (
        "Every turn ends with a discard, so you go out by discarding your last card.",
        "Jeder Zug endet mit dem Abwerfen: Du gehst aus, indem du deine letzte Karte abwirfst.",
        "Elke beurt eindigt met afleggen: je gaat uit door je laatste kaart af te leggen.",
        "Hver tur slutter med en kassering: du går ud ved at kassere dit sidste kort.",
    ),
    "howto_points_low": ("{cards}: {points} points", "{cards}: {points} Punkte",
                         "{cards}: {points} punten", "{cards}: {points} point"),
    "howto_name_wild_W": ("Wild", "Joker", "joker", "joker"),
    "howto_name_wild_K": ("King", "König", "heer", "konge"),
    "howto_name_wild_X": ("Joker", "Joker", "joker", "joker"),
    "howto_name_skip_S": ("Skip", "Aussetzkarte", "pestkaart", "skip-kort"),
    "howto_name_skip_X": ("Joker", "Joker", "joker", "joker"),
    "howto_points": (
        "The others count the cards left in their hands: {items}.",
        "Die anderen zählen die Karten, die sie noch auf der Hand haben: {items}.",
        "De anderen tellen de kaarten die ze nog in hun hand hebben: {items}.",
        "De andre tæller de kort, de har tilbage på hånden: {items}.",
    ),
    "howto_advance": (
        "Whoever laid their phase goes on to the next one; the others try theirs again.",
        "Wer seine Phase ausgelegt hat, macht mit der nächsten weiter; die anderen versuchen "
        "ihre noch einmal.",
        "Wie zijn fase heeft neergelegd, gaat door naar de volgende; de anderen proberen "
        "dezelfde fase opnieuw.",
        "Den, der har lagt sin fase ud, går videre til den næste; de andre prøver deres igen.",
    ),
    "howto_advance_out": (
        "Only those who went out go on to the next phase; the others, their phase down or not, "
        "try theirs again.",
        "Nur wer ausgegangen ist, macht mit der nächsten Phase weiter; die anderen, ob ihre "
        "Phase ausliegt oder nicht, versuchen ihre noch einmal.",
        "Alleen wie uitging, gaat door naar de volgende fase; de anderen, met hun fase op tafel "
        "of niet, proberen dezelfde fase opnieuw.",
        "Kun de, der gik ud, går videre til næste fase; de andre, med fasen lagt ud eller ej, "
        "prøver deres igen.",
    ),
    # The phases themselves, each as the phase box names it ("1. 2 sets of 3").
    "howto_phases_list": ("The phases, in order: {phases}.", "Die Phasen, der Reihe nach: "
                          "{phases}.", "De fasen, op volgorde: {phases}.",
                          "Faserne i rækkefølge: {phases}."),
    "howto_phases_list_free": ("The phases, in any order: {phases}.",
                               "Die Phasen, in beliebiger Reihenfolge: {phases}.",
                               "De fasen, in willekeurige volgorde: {phases}.",
                               "Faserne i vilkårlig rækkefølge: {phases}."),
    "howto_phase_played_one": (
        "Only phase {number} is played.", "Gespielt wird nur Phase {number}.",
        "Alleen fase {number} wordt gespeeld.", "Kun fase {number} spilles.",
    ),
    "howto_phases_played": (
        "Only these phases are played: {numbers}.",
        "Gespielt werden nur diese Phasen: {numbers}.",
        "Alleen deze fasen worden gespeeld: {numbers}.",
        "Kun disse faser spilles: {numbers}.",
    ),
    "howto_end_other": (
        "(A game on the score sheet may be played to another end, chosen when it is started.)",
        "(Ein Spiel auf dem Punktezettel kann ein anderes Spielende haben, das beim Starten "
        "gewählt wird.)",
        "(Een spel op het scoreblad kan een ander einde hebben, gekozen bij het starten.)",
        "(Et spil på pointtavlen kan have en anden slutning, valgt når det startes.)",
    ),
    # A play-off's winner, inside the end rule's brackets: who lays the phase first, or in
    # classic, where a phase is made by going out, who goes out with it (seed 000: "wer sie
    # beendet, gewinnt"; classic audit, session 66).
    "howto_playoff": (
        "still tied: they play the last phase again, and the first to lay it down wins",
        "bei Gleichstand spielen sie die letzte Phase noch einmal; wer sie zuerst auslegt, "
        "gewinnt",
        "nog steeds gelijk: zij spelen de laatste fase opnieuw, en wie die het eerst neerlegt, "
        "wint",
        "stadig uafgjort: de spiller den sidste fase igen, og den, der først lægger den ud, "
        "vinder",
    ),
    "howto_playoff_out": (
        "still tied: they play the last phase again, and the first to make it, going out, wins",
        "bei Gleichstand spielen sie die letzte Phase noch einmal; wer sie zuerst schafft, also "
        "damit ausgeht, gewinnt",
        "nog steeds gelijk: zij spelen de laatste fase opnieuw, en wie die het eerst haalt door "
        "uit te gaan, wint",
        "stadig uafgjort: de spiller den sidste fase igen, og den, der først klarer den ved at "
        "gå ud, vinder",
    ),
    # The open game's end rule, {goal} one of the two below (what someone makes to end it).
    "howto_end_fewest-points": (
        "The game ends after the hand in which someone makes {goal}; of all who made it then, "
        "the fewest total points wins ({playoff}).",
        "Das Spiel endet nach der Runde, in der jemand {goal} schafft; von allen, die es in "
        "dieser Runde geschafft haben, gewinnt, wer insgesamt die wenigsten Punkte hat "
        "({playoff}).",
        "Het spel eindigt na de ronde waarin iemand {goal} haalt; van allen die het in die ronde "
        "haalden, wint wie in totaal de minste punten heeft ({playoff}).",
        "Spillet slutter efter den runde, hvor nogen klarer {goal}; af alle, der klarede det i "
        "den runde, vinder den med færrest point i alt ({playoff}).",
    ),
    "howto_end_go-out": (
        "The game ends in the hand in which someone makes {goal} and goes out; of all who made "
        "it then, the fewest total points wins ({playoff}). If whoever goes out has not made "
        "it, it counts for no one that hand: whoever made it plays it again.",
        "Das Spiel endet in der Runde, in der jemand {goal} schafft und ausgeht; von allen, die "
        "es in dieser Runde geschafft haben, gewinnt, wer insgesamt die wenigsten Punkte hat "
        "({playoff}). Hat, wer ausgeht, es nicht geschafft, zählt es in dieser Runde für "
        "niemanden: wer es geschafft hat, spielt es noch einmal.",
        "Het spel eindigt in de ronde waarin iemand {goal} haalt en uitgaat; van allen die het "
        "in die ronde haalden, wint wie in totaal de minste punten heeft ({playoff}). Heeft wie "
        "uitgaat het niet gehaald, dan telt het die ronde voor niemand: wie het haalde, speelt "
        "het opnieuw.",
        "Spillet slutter i den runde, hvor nogen klarer {goal} og går ud; af alle, der klarede "
        "det i den runde, vinder den med færrest point i alt ({playoff}). Har den, der går ud, "
        "ikke klaret det, tæller det ikke for nogen i den runde: den, der klarede det, spiller "
        "det igen.",
    ),
    "howto_end_extra-hand": (
        "Once someone has made {goal}, everyone plays one more hand; then whoever has the "
        "fewest total points wins.",
        "Sobald jemand {goal} geschafft hat, spielen alle noch eine Runde; danach gewinnt, wer "
        "insgesamt die wenigsten Punkte hat.",
        "Zodra iemand {goal} heeft gehaald, speelt iedereen nog één ronde; daarna wint wie in "
        "totaal de minste punten heeft.",
        "Når nogen har klaret {goal}, spiller alle én runde mere; derefter vinder den, der har "
        "færrest point i alt.",
    ),
    "howto_goal_last": ("phase {last}", "Phase {last}", "fase {last}", "fase {last}"),
    "howto_goal_all": ("the last of their phases", "die letzte seiner Phasen",
                       "de laatste van zijn fasen", "den sidste af sine faser"),
    "howto_advance_free": (
        "You may try any phase you have not made yet; say which when you lay it down.",
        "Du darfst jede Phase versuchen, die du noch nicht geschafft hast; sag beim Auslegen, "
        "welche es ist.",
        "Je mag elke fase proberen die je nog niet hebt gehaald; zeg bij het neerleggen welke "
        "het is.",
        "Du må prøve enhver fase, du endnu ikke har klaret; sig hvilken, når du lægger den ud.",
    ),
    "opt_decks": (
        "Decks shuffled together (two per two players)",
        "Zusammengemischte Kartenspiele (zwei für je zwei Spieler)",
        "Kaartspellen door elkaar geschud (twee voor elke twee spelers)",
        "Kortspil blandet sammen (to for hver to spillere)",
    ),
    "opt_go_out": ("Going out", "Ausgehen", "Uitgaan", "At gå ud"),
    "opt_go_out_either": (
        "by discard or by hitting",
        "durch Abwerfen oder Anlegen",
        "door afleggen of aanleggen",
        "ved at kassere eller lægge til",
    ),
    "opt_go_out_discard": (
        "only by discarding",
        "nur durch Abwerfen",
        "alleen door afleggen",
        "kun ved at kassere",
    ),
    # --- photo -------------------------------------------------------------------------------
    "photo": ("Photo of your hand", "Foto deiner Hand", "Foto van je hand", "Foto af din hånd"),
    "photo_source": ("Source", "Quelle", "Bron", "Kilde"),
    "photo_upload": ("Upload", "Hochladen", "Uploaden", "Upload"),
    # Under a file box's button, in place of Streamlit's English "50MB per file • JPG, ...".
    "upload_limit": ("at most {mb} MB per file", "höchstens {mb} MB je Datei",
                     "hoogstens {mb} MB per bestand", "højst {mb} MB pr. fil"),
    "photo_camera": ("Camera", "Kamera", "Camera", "Kamera"),
    "photo_uploader": (
        "Photo (JPEG, PNG, WebP, HEIC)",
        "Foto (JPEG, PNG, WebP, HEIC)",
        "Foto (JPEG, PNG, WebP, HEIC)",
        "Foto (JPEG, PNG, WebP, HEIC)",
    ),
    "photo_take": ("Take a photo", "Foto aufnehmen", "Maak een foto", "Tag et foto"),
    "camera_insecure": (
        "Browsers open the camera here only over https, or on the computer running this page. "
        "Choose “Upload” instead: on a phone it offers the camera too.",
        "Browser öffnen die Kamera hier nur über https oder auf dem Rechner, auf dem diese Seite "
        "läuft. Wähle stattdessen „Hochladen“: Auf dem Handy bietet es die Kamera ebenfalls an.",
        "Browsers openen de camera hier alleen via https of op de computer waarop deze pagina "
        "draait. Kies in plaats daarvan ‘Uploaden’: op een telefoon biedt dat de camera ook aan.",
        "Browsere åbner kun kameraet her via https eller på den computer, siden kører på. Vælg "
        "»Upload« i stedet: På en telefon tilbyder den også kameraet.",
    ),
    "reading": ("Reading the cards…", "Karten werden gelesen…", "Kaarten lezen…",
                "Læser kortene…"),
    "photo_caption": (
        "{count} cards read",
        "{count} Karten gelesen",
        "{count} kaarten gelezen",
        "{count} kort læst",
    ),
    "photo_caption_one": ("1 card read", "1 Karte gelesen", "1 kaart gelezen", "1 kort læst"),
    # Said of the hand's photo and of the score sheet's count box, where the cards are another
    # player's leftovers: not "your hand".
    "photo_alt": (
        "Photo of the cards, with a box around each card read",
        "Foto der Karten, jede gelesene Karte umrahmt",
        "Foto van de kaarten, met een kader om elke gelezen kaart",
        "Foto af kortene med en ramme om hvert læst kort",
    ),
    "looks_like_standard": (
        "These look like ordinary playing cards, but “{rules}” is played with Phase 10 cards.",
        "Das sieht nach normalen Spielkarten aus, aber „{rules}“ wird mit Phase-10-Karten "
        "gespielt.",
        "Dit lijken gewone speelkaarten, maar voor de regels „{rules}” speel je met Phase "
        "10-kaarten.",
        "Det ligner almindelige spillekort, men reglerne »{rules}« bruger Phase 10-kort.",
    ),
    "looks_like_phase10": (
        "These look like Phase 10 cards, but “{rules}” is played with ordinary playing cards.",
        "Das sieht nach Phase-10-Karten aus, aber „{rules}“ wird mit normalen Spielkarten "
        "gespielt.",
        "Dit lijken Phase 10-kaarten, maar voor de regels „{rules}” speel je met gewone "
        "speelkaarten.",
        "Det ligner Phase 10-kort, men reglerne »{rules}« bruger almindelige spillekort.",
    ),
    "looks_like_read": (
        # Not "below": the count box shows its cards above this warning.
        "The cards read are likely wrong.",
        "Die gelesenen Karten sind wahrscheinlich falsch.",
        "De gelezen kaarten kloppen waarschijnlijk niet.",
        "De læste kort er sikkert forkerte.",
    ),
    "share": ("Link to this hand", "Link zu dieser Hand", "Link naar deze hand",
              "Link til denne hånd"),
    # --- whom to skip (a skip card in the hand) ------------------------------------------------
    "skip_title": ("Whom to skip?", "Wen aussetzen lassen?", "Wie sla je over?",
                   "Hvem skal springes over?"),
    "skip_intro": (
        "Say what the table shows of the others: the advice names whom your skip card should hit.",
        "Sag, was der Tisch von den anderen zeigt: die Empfehlung nennt, wen deine "
        "Aussetzkarte treffen soll.",
        "Vertel wat de tafel van de anderen laat zien: het advies zegt wie je overslaat.",
        "Angiv, hvad bordet viser om de andre: rådet siger, hvem dit skip-kort skal ramme.",
    ),
    "skip_me": ("You are", "Du bist", "Jij bent", "Du er"),
    "skip_count": ("Other players", "Andere Spieler", "Andere spelers", "Andre spillere"),
    "skip_name": ("Name", "Name", "Naam", "Navn"),
    "skip_default_name": ("Player {number}", "Spieler {number}", "Speler {number}",
                          "Spiller {number}"),
    "skip_phase": ("On phase", "Bei Phase", "Bij fase", "På fase"),
    "skip_from_sheet": ("phase {phase}, {points} points", "Phase {phase}, {points} Punkte",
                        "fase {phase}, {points} punten", "fase {phase}, {points} point"),
    "skip_from_sheet_free": ("phases made: {made}, {points} points",
                             "Phasen geschafft: {made}, {points} Punkte",
                             "fasen gehaald: {made}, {points} punten",
                             "faser klaret: {made}, {points} point"),
    "skip_down": ("Phase down", "Phase liegt aus", "Fase ligt op tafel", "Fasen er lagt"),
    "skip_cards": ("Cards in hand (if known)", "Karten auf der Hand (falls bekannt)",
                   "Kaarten in de hand (indien bekend)", "Kort på hånden (hvis kendt)"),
    "skip_cards_unknown": ("not known", "unbekannt", "onbekend", "ukendt"),
    # May not be skipped now: mattel (seed 002) a Skip already waiting before them;
    # zehn-phasen (seed 001) sat out this hand already.
    "skip_skipped_waiting": ("Has a Skip waiting", "Hat schon eine Aussetzkarte vor sich",
                             "Heeft al een pestkaart voor zich",
                             "Har allerede et skip-kort foran sig"),
    "skip_skipped_sat_out": ("Sat out this hand already", "Hat in dieser Runde schon ausgesetzt",
                             "Heeft deze ronde al een beurt overgeslagen",
                             "Har allerede stået over i denne runde"),
    "url_phases_unread": (
        "The link's phase list could not be read ({detail}); the ruleset's own phases are used.",
        "Die Phasenliste des Links ist nicht lesbar ({detail}); es gelten die Phasen des "
        "Regelwerks.",
        "De fasenlijst van de link is niet te lezen ({detail}); de fasen van de spelregels "
        "gelden.",
        "Linkets faseliste kan ikke læses ({detail}); regelsættets egne faser bruges.",
    ),
    "switch_ruleset": ("Switch to {rules}", "Zu „{rules}“ wechseln", "Overschakelen naar {rules}",
                       "Skift til {rules}"),
    "photo_error": ("Can't read this photo: {detail}", "Foto nicht lesbar: {detail}",
                    "Foto niet leesbaar: {detail}", "Fotoet kan ikke læses: {detail}"),
    "no_model": (
        "The card reader is not available: {detail}. Type your hand below instead.",
        "Die Kartenerkennung ist nicht verfügbar: {detail}. Gib deine Hand unten ein.",
        "De kaartherkenning is niet beschikbaar: {detail}. Typ je hand hieronder.",
        "Kortlæseren er ikke tilgængelig: {detail}. Skriv din hånd nedenfor.",
    ),
    "no_cards": (
        "No cards found in this photo. Try more light, less tilt, or type the hand.",
        "Keine Karten auf dem Foto gefunden. Mehr Licht, gerader halten oder Hand eintippen.",
        "Geen kaarten gevonden. Probeer meer licht, houd de camera recht of typ de hand in.",
        "Ingen kort fundet. Prøv mere lys, hold kameraet lige eller skriv hånden.",
    ),
    # --- hand editing ------------------------------------------------------------------------
    "hand": ("Your hand", "Deine Hand", "Je hand", "Din hånd"),
    "hand_count": ("{count} cards", "{count} Karten", "{count} kaarten", "{count} kort"),
    "hand_count_one": ("1 card", "1 Karte", "1 kaart", "1 kort"),
    # A chip's spoken name (ui.chips.spoken_name, the words solver.face_name's) when the card
    # is flagged for checking: the CSS question mark is never read out.
    "card_unsure": ("{card}, unsure", "{card}, unsicher", "{card}, onzeker", "{card}, usikker"),
    "card_as": ("{card}, standing for {rank}", "{card}, steht für {rank}",
                "{card}, staat voor {rank}", "{card}, står for {rank}"),
    "hand_edit": ("Cards (fix, add or remove)", "Karten (korrigieren, ergänzen, entfernen)",
                  "Kaarten (verbeteren, toevoegen, weghalen)", "Kort (ret, tilføj, fjern)"),
    # The codes of the deck played, and what its special cards do under the ruleset: one help
    # for both decks called W and X a joker side by side (German, Dutch, Danish).
    # European editions print purple where Mattel prints blue (RULES.md, card faces).
    # The hand field's help: the deck's notation, then one sentence per card that plays a role
    # in this very game (no skip sentence when it is played without skips).
    "hand_help_phase10": (
        "One code per card: R7 B7 G12 Y1 (red, blue, green, yellow; purple cards are B).",
        "Ein Kürzel pro Karte: R7 B7 G12 Y1 (rot, blau, grün, gelb; lila Karten sind B).",
        "Eén code per kaart: R7 B7 G12 Y1 (rood, blauw, groen, geel; paarse kaarten zijn B).",
        "Én kode pr. kort: R7 B7 G12 Y1 (rød, blå, grøn, gul; lilla kort er B).",
    ),
    "hand_help_standard": (
        "One code per card, rank then suit: 10H QS KD AC (H hearts, D diamonds, S spades, "
        "C clubs; A ace, J jack, Q queen, K king).",
        "Ein Kürzel pro Karte aus Wert und Farbe: 10H QS KD AC (H Herz, D Karo, S Pik, "
        "C Kreuz; A Ass, J Bube, Q Dame, K König).",
        "Eén code per kaart, eerst waarde, dan kleur: 10H QS KD AC (H harten, D ruiten, "
        "S schoppen, C klaveren; A aas, J boer, Q vrouw, K heer).",
        "Én kode pr. kort, først værdi, så kulør: 10H QS KD AC (H hjerter, D ruder, S spar, "
        "C klør; A es, J knægt, Q dame, K konge).",
    ),
    # The count box: points go by rank, so a suit or colour may be left out there.
    "count_help_phase10": (
        "For points the number alone will do: 7 12 W.",
        "Für die Punkte genügt die Zahl: 7 12 W.",
        "Voor de punten is het getal genoeg: 7 12 W.",
        "Til pointene er tallet nok: 7 12 W.",
    ),
    "count_help_standard": (
        "For points the rank alone will do: K 7 10.",
        "Für die Punkte genügt der Wert: K 7 10.",
        "Voor de punten is de waarde genoeg: K 7 10.",
        "Til pointene er værdien nok: K 7 10.",
    ),
    "hand_help_wild_W": ("W is a Wild.", "W ist ein Joker.", "W is een joker.", "W er en joker."),
    "hand_help_wild_K": (
        "Kings are wild.", "Könige sind wild.", "Heren zijn wild.", "Konger er wild-kort.",
    ),
    "hand_help_wild_X": (
        "X is a joker; jokers are wild.",
        "X ist ein Joker; Joker sind wild.",
        "X is een joker; jokers zijn wild.",
        "X er en joker; jokere er wild-kort.",
    ),
    "hand_help_skip_S": (
        "S is a Skip.", "S ist eine Aussetzkarte.", "S is een pestkaart.", "S er et skip-kort.",
    ),
    "hand_help_skip_X": (
        "X is a joker, the skip card.",
        "X ist ein Joker, die Aussetzkarte.",
        "X is een joker, de pestkaart.",
        "X er en joker, skip-kortet.",
    ),
    "hand_empty": (
        "Take or upload a photo, or type your cards.",
        "Foto aufnehmen oder hochladen, oder Karten eintippen.",
        "Maak of upload een foto, of typ je kaarten.",
        "Tag eller upload et foto, eller skriv dine kort.",
    ),
    "hand_invalid": ("Check your cards: {detail}", "Karten prüfen: {detail}",
                     "Controleer je kaarten: {detail}", "Tjek dine kort: {detail}"),
    "remove_card": ("Tap a card to fix or remove it", "Karte antippen zum Ändern oder Entfernen",
                    "Tik op een kaart om hem te wijzigen of weg te halen",
                    "Tryk på et kort for at rette eller fjerne det"),
    "remove_this": ("Remove this card", "Diese Karte entfernen", "Deze kaart weghalen",
                    "Fjern dette kort"),
    "remove_short": ("Remove", "Entfernen", "Weghalen", "Fjern"),
    "replace_with": ("Replace with", "Ersetzen durch", "Vervangen door", "Erstat med"),
    "low_confidence": (
        "Unsure: {cards} — please check",
        "Unsicher: {cards} – bitte prüfen",
        "Onzeker: {cards} – graag controleren",
        "Usikker: {cards} – tjek venligst",
    ),
    "unsure_checked": ("Checked: all correct", "Geprüft: alle richtig",
                       "Gecontroleerd: alles klopt", "Tjekket: alle er rigtige"),
    "reset_hand": (
        "Back to what was read",
        "Zurück zu den erkannten Karten",
        "Terug naar de herkende kaarten",
        "Tilbage til det læste",
    ),
    # --- table / known -----------------------------------------------------------------------
    "table": ("Table and known cards (optional)", "Tisch und bekannte Karten (optional)",
              "Tafel en bekende kaarten (optioneel)", "Bord og kendte kort (valgfrit)"),
    "table_groups": ("Groups on the table", "Ausgelegte Gruppen", "Gelegde groepen",
                     "Grupper på bordet"),
    "table_help": (
        "One group per line: set {set} — run {run} — {colour_word} {colour} …",
        "Eine Gruppe pro Zeile: Satz {set} — Folge {run} — {colour_word} {colour} …",
        "Eén groep per regel: set {set} — reeks {run} — {colour_word} {colour} …",
        "Én gruppe pr. linje: sæt {set} — stræk {run} — {colour_word} {colour} …",
    ),
    # The word that starts the example's colour group line (the table parser reads each): its
    # ordinary cards are one suit, named as card players name a suit where a phase lays one.
    "table_word_colour": ("colour", "Farbe", "kleur", "farve"),
    "table_word_colour_suit": ("suit", "Farbe", "kleur", "kulør"),
    # Each kind as a table photo's group is written into the box, in the page's language (the
    # table parser reads each; English kind words showed on the German page, audits s67).
    "table_word_set": ("set", "Satz", "set", "sæt"),
    "table_word_run": ("run", "Folge", "reeks", "stræk"),
    "table_word_suit": ("suit", "Symbol", "symbool", "kulør"),
    "table_word_redblack": ("redblack", "rotschwarz", "roodzwart", "rødsort"),
    # The box's grey example, in the language's own words (the parser reads them all).
    "table_placeholder": (
        "set {set}\nrun {run}",
        "Satz {set}\nFolge {run}",
        "set {set}\nreeks {run}",
        "sæt {set}\nstræk {run}",
    ),
    "known": (
        "Other cards you have seen (discard pile…)",
        "Andere gesehene Karten (Ablagestapel …)",
        "Andere geziene kaarten (aflegstapel …)",
        "Andre kort du har set (kassestakken …)",
    ),
    "down": (
        "My phase is already down",
        "Meine Phase liegt schon aus",
        "Mijn fase ligt al op tafel",
        "Min fase ligger allerede ude",
    ),
    "top_card": (
        "Top of the discard pile (for draw advice)",
        "Oberste Karte des Ablagestapels (für den Ziehtipp)",
        "Bovenste kaart van de aflegstapel (voor trekadvies)",
        "Øverste kort på kassestakken (til trækråd)",
    ),
    # Each box of "The table" named by its own label's words.
    "table_invalid_groups": (
        "Check the groups on the table: {detail}",
        "Ausgelegte Gruppen prüfen: {detail}",
        "Controleer de gelegde groepen: {detail}",
        "Tjek grupperne på bordet: {detail}",
    ),
    "table_invalid_known": (
        "Check the other cards you have seen: {detail}",
        "Andere gesehene Karten prüfen: {detail}",
        "Controleer de andere geziene kaarten: {detail}",
        "Tjek de andre kort, du har set: {detail}",
    ),
    "table_invalid_top": (
        "Check the top of the discard pile: {detail}",
        "Oberste Karte des Ablagestapels prüfen: {detail}",
        "Controleer de bovenste kaart van de aflegstapel: {detail}",
        "Tjek det øverste kort på kassestakken: {detail}",
    ),
    # A photo of the groups laid on the table fills the box of groups, one line a group.
    "table_photo": (
        "Photo of the table's groups",
        "Foto der ausgelegten Gruppen",
        "Foto van de gelegde groepen",
        "Foto af grupperne på bordet",
    ),
    "table_photo_read": (
        "{count} groups written into the box below: check them against the table.",
        "{count} Gruppen ins Feld unten eingetragen: vergleiche sie mit dem Tisch.",
        "{count} groepen in het vak hieronder gezet: vergelijk ze met de tafel.",
        "{count} grupper skrevet i feltet nedenfor: tjek dem mod bordet.",
    ),
    "table_photo_read_one": (
        "1 group written into the box below: check it against the table.",
        "1 Gruppe ins Feld unten eingetragen: vergleiche sie mit dem Tisch.",
        "1 groep in het vak hieronder gezet: vergelijk hem met de tafel.",
        "1 gruppe skrevet i feltet nedenfor: tjek den mod bordet.",
    ),
    "table_photo_none": (
        "No group could be read from this photo: type the groups below.",
        "Auf diesem Foto war keine Gruppe zu erkennen: tippe die Gruppen unten ein.",
        "Op deze foto was geen groep te herkennen: typ de groepen hieronder.",
        "Der kunne ikke læses nogen gruppe på dette foto: skriv grupperne nedenfor.",
    ),
    # Added to the table photo's caption ("11 cards read. ...").
    "table_photo_numbers": (
        "Each group is outlined with the number of its line in the box below; “?” marks cards "
        "left out.",
        "Jede Gruppe ist umrandet, mit der Nummer ihrer Zeile im Feld unten; „?“ markiert "
        "weggelassene Karten.",
        "Elke groep is omlijnd, met het nummer van zijn regel in het vak hieronder; ‘?’ "
        "markeert weggelaten kaarten.",
        "Hver gruppe er indrammet med nummeret på sin linje i feltet nedenfor; »?« markerer "
        "udeladte kort.",
    ),
    # ... when no group was written, only cards left out ("11 cards read. ...").
    "table_photo_marks": (
        "“?” marks cards left out.",
        "„?“ markiert weggelassene Karten.",
        "‘?’ markeert weggelaten kaarten.",
        "»?« markerer udeladte kort.",
    ),
    "table_photo_alt": (
        "Photo of the table, with a box around each card read and each group outlined with "
        "the number of its line in the box below",
        "Foto des Tisches, jede gelesene Karte umrahmt und jede Gruppe umrandet, mit der "
        "Nummer ihrer Zeile im Feld unten",
        "Foto van de tafel, met een kader om elke gelezen kaart en elke groep omlijnd met het "
        "nummer van zijn regel in het vak hieronder",
        "Foto af bordet med en ramme om hvert læst kort og hver gruppe indrammet med nummeret "
        "på sin linje i feltet nedenfor",
    ),
    # {kinds}: the box's own words ("set, run or colour"), {kind}: the one written.
    "table_photo_guess": (
        "{cards} could be {kinds}: written as “{kind}”. Change the word if it is another group.",
        "{cards} kann {kinds} sein: als „{kind}“ eingetragen. Ändere das Wort, falls es eine "
        "andere Gruppe ist.",
        "{cards} kan {kinds} zijn: ingevuld als ‘{kind}’. Verander het woord als het een "
        "andere groep is.",
        "{cards} kan være {kinds}: skrevet som »{kind}«. Ret ordet, hvis det er en anden "
        "gruppe.",
    ),
    "table_photo_unfit": (
        "{cards} make no group as read and were left out: type them below as they lie.",
        "{cards} ergeben so gelesen keine Gruppe und wurden weggelassen: tippe sie unten so "
        "ein, wie sie liegen.",
        "{cards} vormen zo gelezen geen groep en zijn weggelaten: typ ze hieronder zoals ze "
        "liggen.",
        "{cards} danner som læst ingen gruppe og er udeladt: skriv dem nedenfor, som de ligger.",
    ),
    "table_photo_lone": (
        "{card} lay alone and was left out (no group is one card): add it to its group below "
        "if it belongs to one.",
        "{card} lag allein und wurde weggelassen (keine Gruppe hat nur eine Karte): füge sie "
        "unten ihrer Gruppe hinzu, falls sie zu einer gehört.",
        "{card} lag los en is weggelaten (geen groep bestaat uit één kaart): zet hem hieronder "
        "bij zijn groep als hij bij een groep hoort.",
        "{card} lå for sig selv og er udeladt (ingen gruppe er ét kort): føj det til sin gruppe "
        "nedenfor, hvis det hører til en.",
    ),
    # --- advice ------------------------------------------------------------------------------
    "advice": ("Advice", "Empfehlung", "Advies", "Råd"),
    "analysing": ("Working out the best play…", "Bester Zug wird berechnet…",
                  "Beste zet berekenen…", "Finder det bedste træk…"),
    "complete_before_draw": (
        "Your hand already holds phase {phase}: draw, then lay it down. Which card to discard, "
        "and what else goes onto the table, depends on the card you draw: add it to the hand "
        "for that advice.",
        "Deine Hand enthält schon Phase {phase}: zieh, dann leg sie aus. Welche Karte du "
        "abwirfst und was noch angelegt wird, hängt von der gezogenen Karte ab: nimm sie in die "
        "Hand auf, dann sagt es dir der Rat.",
        "Je hand bevat al fase {phase}: trek, en leg hem dan neer. Welke kaart je aflegt en wat "
        "er nog aangelegd wordt, hangt af van de kaart die je trekt: voeg die aan de hand toe "
        "voor dat advies.",
        "Din hånd har allerede fase {phase}: træk, og læg den så ud. Hvilket kort du kasserer, "
        "og hvad der ellers lægges til, afhænger af det kort, du trækker: føj det til hånden for "
        "at få det råd.",
    ),
    "complete": ("Phase {phase} is complete — lay it down!",
                 "Phase {phase} ist komplett – auslegen!",
                 "Fase {phase} is compleet – leg hem neer!",
                 "Fase {phase} er komplet – læg den ud!"),
    "down_done": (
        "Your phase is down: hit and discard.",
        "Deine Phase liegt aus: anlegen und abwerfen.",
        "Je fase ligt op tafel: aanleggen en afleggen.",
        "Din fase ligger ude: læg til og kassér.",
    ),
    # The banner said "hit and discard" above a discard that ends the hand, and above a
    # lone discard with nothing to hit (audit, session 49).
    "down_hit_discard_out": (
        "Your phase is down: hit, then discard your last card and you are out.",
        "Deine Phase liegt aus: anlegen, dann die letzte Karte abwerfen, und du gehst aus.",
        "Je fase ligt op tafel: aanleggen, dan je laatste kaart afleggen en je gaat uit.",
        "Din fase ligger ude: læg til og kassér dit sidste kort, så går du ud.",
    ),
    "down_discard_out": (
        "Your phase is down: discard your last card and you are out.",
        "Deine Phase liegt aus: wirf deine letzte Karte ab, dann gehst du aus.",
        "Je fase ligt op tafel: leg je laatste kaart af en je gaat uit.",
        "Din fase ligger ude: kassér dit sidste kort, så går du ud.",
    ),
    "down_discard": (
        "Your phase is down: none of your cards fits on the table, so just discard.",
        "Deine Phase liegt aus: keine deiner Karten lässt sich anlegen, also nur abwerfen.",
        "Je fase ligt op tafel: geen van je kaarten past erbij, dus alleen afleggen.",
        "Din fase ligger ude: ingen af dine kort kan lægges til, så kassér bare.",
    ),
    "down_out": (
        "Your phase is down: hit your last cards and you are out.",
        "Deine Phase liegt aus: leg deine letzten Karten an, dann gehst du aus.",
        "Je fase ligt op tafel: leg je laatste kaarten aan en je gaat uit.",
        "Din fase ligger ude: læg dine sidste kort til, så går du ud.",
    ),
    "laydown": ("Lay down", "Auslegen", "Neerleggen", "Læg ud"),
    "hits": ("Hit", "Anlegen", "Aanleggen", "Læg til"),
    "hit_on": ("on table group {group}", "an Tischgruppe {group}", "bij tafelgroep {group}",
               "til bordgruppe {group}"),
    "discard": (
        "Discard",
        "Abwerfen",
        "Afleggen",
        "Kassér",
    ),
    "no_discard": (
        "No discard needed — you go out!",
        "Kein Abwerfen nötig – du gehst aus!",
        "Afleggen is niet nodig – je gaat uit!",
        "Intet at kassere – du går ud!",
    ),
    "points_left": ("Points left in hand: {points}", "Punkte auf der Hand: {points}",
                    "Punten in de hand: {points}", "Point på hånden: {points}"),
    "not_complete": ("Phase {phase} is not complete yet.",
                     "Phase {phase} ist noch nicht komplett.",
                     "Fase {phase} is nog niet compleet.",
                     "Fase {phase} er ikke komplet endnu."),
    "recommended": (
        "Discard {card}",
        "{card} abwerfen",
        "{card} afleggen",
        "Kassér {card}",
    ),
    "chart_title": (
        "Chance to lay the phase within two draws, per discard",
        "Chance, die Phase in zwei Zügen auszulegen, je abgeworfene Karte",
        "Kans om de fase binnen twee beurten te leggen, per afgelegde kaart",
        "Chance for at lægge fasen inden for to træk, pr. kasseret kort",
    ),
    "chart_card": (
        "Discard",
        "Abwerfen",
        "Afleggen",
        "Kassér",
    ),
    "chart_p2": ("Chance (%)", "Chance (%)", "Kans (%)", "Chance (%)"),
    "draw_advice": ("Draw advice", "Ziehtipp", "Trekadvies", "Trækråd"),
    "after_take": (
        "The advice below is for your hand with {card} taken.",
        "Die Empfehlung unten gilt für deine Hand, nachdem du {card} aufgenommen hast.",
        "Het advies hieronder geldt voor je hand met {card} erbij.",
        "Rådet nedenfor gælder din hånd med {card} taget op.",
    ),
    "after_blind": (
        "Draw from the draw pile, then add the card you drew to your hand: the advice follows.",
        (
            "Zieh vom Ziehstapel und trag die gezogene Karte in deine Hand ein: dann folgt die "
            "Empfehlung."
        ),
        "Trek van de pakstapel en voeg de getrokken kaart toe aan je hand: dan volgt het advies.",
        "Træk fra bunken og tilføj det trukne kort til din hånd: så følger rådet.",
    ),
    "draw_first": (
        "You hold 10 cards, as dealt: your turn starts with a draw. Type the discard pile's top "
        "card under “Table and known cards” to hear whether to take it; once you have drawn, "
        "add the card to your hand for what to lay down and discard.",
        "Du hast 10 Karten, wie ausgeteilt: dein Zug beginnt mit dem Ziehen. Gib unter „Tisch "
        "und bekannte Karten“ die oberste Karte des Ablagestapels ein, um zu erfahren, ob du sie "
        "nehmen sollst; hast du gezogen, füge die Karte deiner Hand hinzu, dann steht hier, "
        "was du auslegst und abwirfst.",
        "Je hebt 10 kaarten, zoals gedeeld: je beurt begint met trekken. Typ onder „Tafel en "
        "bekende kaarten” de bovenste kaart van de aflegstapel om te zien of je die moet "
        "pakken; heb je getrokken, voeg de kaart dan aan je hand toe: dan zie je hier wat je "
        "neerlegt en aflegt.",
        "Du har 10 kort, som de blev givet: din tur begynder med et træk. Skriv kassestakkens "
        "øverste kort under »Bord og kendte kort« for at få at vide, om du skal tage det; når du "
        "har trukket, tilføjer du kortet til din hånd og ser, hvad du lægger ud og kasserer.",
    ),
    "top_seen": (
        "Drawn: the advice is for these 11 cards, with {card} on the discard pile counted as "
        "seen.",
        # {card} as an object ("den König"): as a subject it read "den König ... zählt"
        # (zehn-phasen audit, session 66).
        "Gezogen: Die Empfehlung gilt für diese 11 Karten und zählt {card} auf dem "
        "Ablagestapel als bekannte Karte.",
        "Getrokken: het advies geldt voor deze 11 kaarten; {card} op de aflegstapel telt als "
        "bekende kaart.",
        "Trukket: rådet gælder disse 11 kort; {card} på kassestakken tæller som kendt kort.",
    ),
    "draw_needs_ten": (
        "Draw advice needs the 10 cards before your draw (you have {count}).",
        "Der Ziehtipp braucht die 10 Karten vor dem Ziehen (du hast {count}).",
        "Trekadvies heeft de 10 kaarten vóór het trekken nodig (je hebt {count}).",
        "Trækråd kræver de 10 kort før du trækker (du har {count}).",
    ),
    "rules_error": ("These rules cannot be played: {detail}",
                    "Diese Regeln sind nicht spielbar: {detail}",
                    "Deze regels zijn niet speelbaar: {detail}",
                    "Disse regler kan ikke spilles: {detail}"),
    "advice_error": ("No advice for this hand: {detail}", "Keine Empfehlung möglich: {detail}",
                     "Geen advies mogelijk: {detail}", "Intet råd muligt: {detail}"),
    "hand_size_note": (
        "Usually a hand holds 11 cards after the draw; this one has {count}.",
        "Nach dem Ziehen hat eine Hand meist 11 Karten; diese hat {count}.",
        "Na het trekken heeft een hand meestal 11 kaarten; deze heeft er {count}.",
        "Efter trækket har en hånd normalt 11 kort; denne har {count}.",
    ),
    # --- score sheet -------------------------------------------------------------------------
    "games": ("Game", "Spiel", "Spel", "Spil"),
    "new_game": ("New game", "Neues Spiel", "Nieuw spel", "Nyt spil"),
    "no_games": (
        "No games yet — start one below.",
        "Noch keine Spiele – unten eins starten.",
        "Nog geen spellen – begin er hieronder een.",
        "Ingen spil endnu – start et nedenfor.",
    ),
    "game_name": ("Name of the game", "Name des Spiels", "Naam van het spel", "Spillets navn"),
    "players": ("Players, one per line in seating order — the first one deals first",
                "Spieler, einer pro Zeile in Sitzreihenfolge – der Erste gibt zuerst",
                "Spelers, één per regel in zitvolgorde – de eerste geeft eerst",
                "Spillere, én pr. linje i siddeorden – den første giver først"),
    "first_dealer": ("First dealer", "Erster Geber", "Eerste gever", "Første giver"),
    "end_rule": ("End of the game", "Spielende", "Einde van het spel", "Spillets slutning"),
    "end_fewest-points": (
        "After the hand someone completes the last phase; of all who did, fewest points wins",
        (
            "Nach der Runde, in der jemand die letzte Phase schafft; von allen, die sie geschafft "
            "haben, gewinnt, wer die wenigsten Punkte hat"
        ),
        "Na de ronde waarin iemand de laatste fase haalt; van allen die hem haalden, wint wie de "
        "minste punten heeft",
        "Efter runden, hvor nogen klarer den sidste fase; af alle, der klarede den, vinder den "
        "med færrest point",
    ),
    "end_go-out": (
        "Complete the last phase and go out in the same hand",
        "Letzte Phase schaffen und in derselben Runde ausgehen",
        "Laatste fase halen en in dezelfde ronde uitgaan",
        "Klar sidste fase og gå ud i samme runde",
    ),
    "end_extra-hand": (
        "One extra hand for everyone, then lowest total wins",
        "Eine letzte Runde für alle, dann gewinnt die niedrigste Summe",
        "Nog één ronde voor iedereen, dan wint het laagste totaal",
        "Én ekstra runde for alle, så vinder laveste total",
    ),
    "order": ("Phases", "Phasen", "Fasen", "Faser"),
    "order_in-order": ("In order", "Der Reihe nach", "Op volgorde", "I rækkefølge"),
    "order_even": ("Even phases only", "Nur gerade Phasen", "Alleen even fasen",
                   "Kun lige faser"),
    "order_odd": ("Odd phases only", "Nur ungerade Phasen", "Alleen oneven fasen",
                  "Kun ulige faser"),
    "order_free": ("Free choice", "Freie Wahl", "Vrije keuze", "Frit valg"),
    "custom_phases": ("Own phase list (optional, one phase per line)",
                      "Eigene Phasenliste (optional, eine Phase pro Zeile)",
                      "Eigen fasenlijst (optioneel, één fase per regel)",
                      "Egen faseliste (valgfri, én fase pr. linje)"),
    "new_skips": (
        "With skip cards (Zehn Phasen: the jokers; classic has none)",
        "Mit Aussetzkarten (Zehn Phasen: den Jokern; klassisch gibt es keine)",
        "Met pestkaarten (Zehn Phasen: de jokers; klassiek heeft ze niet)",
        "Med skip-kort (Zehn Phasen: jokerne; klassisk har ingen)",
    ),
    "game_skip_count_one": (
        "This game is played with one skip card (set when it was started).",
        "Dieses Spiel wird mit einer Aussetzkarte gespielt (beim Starten festgelegt).",
        "Dit spel wordt met één pestkaart gespeeld (bij het starten ingesteld).",
        "Dette spil spilles med ét skip-kort (valgt, da det blev startet).",
    ),
    "game_skip_count": (
        "This game is played with {count} skip cards (set when it was started).",
        "Dieses Spiel wird mit {count} Aussetzkarten gespielt (beim Starten festgelegt).",
        "Dit spel wordt met {count} pestkaarten gespeeld (bij het starten ingesteld).",
        "Dette spil spilles med {count} skip-kort (valgt, da det blev startet).",
    ),
    # Not "fewer jokers" alone: German, Dutch and Danish call Phase 10's Wild a joker.
    "new_skip_count": (
        "How many skip cards, if your cards have fewer (Zehn Phasen: the jokers)",
        "Wie viele Aussetzkarten, wenn eure Karten weniger haben (Zehn Phasen: die Joker)",
        "Hoeveel pestkaarten, als jullie kaarten er minder hebben (Zehn Phasen: de jokers)",
        "Hvor mange skip-kort, hvis jeres kort har færre (Zehn Phasen: jokerne)",
    ),
    "new_skip_count_help": (
        "{full} is all of them; classic has none, and without skip cards this is not used.",
        "{full} heißt alle; klassisch gibt es keine, und ohne Aussetzkarten zählt die Zahl "
        "nicht.",
        "{full} betekent alle; klassiek heeft ze niet, en zonder pestkaarten telt dit niet.",
        "{full} betyder alle; klassisk har ingen, og uden skip-kort bruges tallet ikke.",
    ),
    "game_skip_count_jokers_one": (
        "This game is played with one joker, its skip card (set when it was started).",
        "Dieses Spiel wird mit einem Joker als Aussetzkarte gespielt (beim Starten festgelegt).",
        "Dit spel wordt met één joker als pestkaart gespeeld (bij het starten ingesteld).",
        "Dette spil spilles med én joker som skip-kort (valgt, da det blev startet).",
    ),
    "game_skip_count_jokers": (
        "This game is played with {count} jokers, its skip cards (set when it was started).",
        "Dieses Spiel wird mit {count} Jokern als Aussetzkarten gespielt (beim Starten "
        "festgelegt).",
        "Dit spel wordt met {count} jokers als pestkaarten gespeeld (bij het starten ingesteld).",
        "Dette spil spilles med {count} jokere som skip-kort (valgt, da det blev startet).",
    ),
    "game_without_skips": (
        "This game is played without skip cards (set when it was started).",
        "Dieses Spiel wird ohne Aussetzkarten gespielt (beim Starten festgelegt).",
        "Dit spel wordt zonder pestkaarten gespeeld (bij het starten ingesteld).",
        "Dette spil spilles uden skip-kort (valgt, da det blev startet).",
    ),
    "game_going_out": (
        "Going out in this game: {how} (set when it was started).",
        "Ausgehen in diesem Spiel: {how} (beim Starten festgelegt).",
        "Uitgaan in dit spel: {how} (bij het starten ingesteld).",
        "At gå ud i dette spil: {how} (valgt, da det blev startet).",
    ),
    "custom_phases_after": (
        "Add them after the ruleset's phases, as phases 11, 12, … (else they replace them)",
        "Nach den Phasen des Regelwerks anhängen, als Phase 11, 12, … (sonst ersetzen sie sie)",
        "Na de fasen van de spelregels toevoegen, als fase 11, 12, … (anders vervangen ze die)",
        "Tilføj dem efter regelsættets faser som fase 11, 12, … (ellers erstatter de dem)",
    ),
    "custom_phases_example": ("set 3 + run 4\nrun 10", "Satz 3 + Folge 4\nFolge 10",
                              "set 3 + reeks 4\nreeks 10", "sæt 3 + stræk 4\nstræk 10"),
    "create_game": ("Start game", "Spiel starten", "Spel starten", "Start spil"),
    "game_created": ("Game started.", "Spiel gestartet.", "Spel gestart.", "Spillet er startet."),
    "standings": ("Standings", "Stand", "Stand", "Stilling"),
    "col_player": ("Player", "Spieler", "Speler", "Spiller"),
    "col_total": ("Points", "Punkte", "Punten", "Point"),
    "col_phase": ("Phase", "Phase", "Fase", "Fase"),
    "col_rank": ("Rank", "Platz", "Plek", "Plads"),
    "col_done": ("Done", "Fertig", "Klaar", "Klaret"),
    "col_hand": ("Hand", "Runde", "Ronde", "Runde"),
    "col_dealer": ("Dealer", "Geber", "Gever", "Giver"),
    "finished": ("finished", "fertig", "klaar", "færdig"),
    "all_phases_done": ("All phases done", "Alle Phasen geschafft", "Alle fasen gehaald",
                        "Alle faser klaret"),
    "url_rules_unknown": (
        "The link names the rules “{asked}”, which this page does not know: {rules} is used.",
        "Der Link nennt die Regeln „{asked}“, die diese Seite nicht kennt: es gilt {rules}.",
        "De link noemt de regels “{asked}”, die deze pagina niet kent: {rules} wordt gebruikt.",
        "Linket nævner reglerne »{asked}«, som denne side ikke kender: {rules} bruges.",
    ),
    "url_phase_unknown": (
        "The link names phase {phase}, which {rules} does not have here: choose the phase below.",
        "Der Link nennt Phase {phase}, die es bei {rules} hier nicht gibt: wähle die Phase "
        "unten.",
        "De link noemt fase {phase}, die {rules} hier niet heeft: kies hieronder de fase.",
        "Linket nævner fase {phase}, som {rules} ikke har her: vælg fasen nedenfor.",
    ),
    "history_free_legend": (
        "✓7: made phase 7 in that hand.", "✓7: in dieser Runde Phase 7 geschafft.",
        "✓7: in die ronde fase 7 gehaald.", "✓7: klarede fase 7 i den runde.",
    ),
    "free_phases_heading": ("any phase of {phases}", "eine beliebige Phase von {phases}",
                            "een fase uit {phases}", "en fase af {phases}"),
    "free_phases": ("any of {phases}", "eine von {phases}", "een van {phases}",
                    "en af {phases}"),
    "dealer_next": ("{player} deals next.", "{player} gibt als Nächstes.",
                    "{player} geeft hierna.", "{player} giver næste gang."),
    # The seeds' "2 bis 6": said, not refused (a bigger table may play on regardless).
    "players_over": (
        "The rules are for 2 to {most} players; this game has {count}.",
        "Die Regeln sind für 2 bis {most} Spieler; diese Partie hat {count}.",
        "De regels zijn voor 2 tot {most} spelers; dit spel heeft er {count}.",
        "Reglerne er til 2 til {most} spillere; dette spil har {count}.",
    ),
    # Seed 003's end: a last phase laid without going out is taken back (scoresheet's
    # TakenBack); said, or the tick on the hands table looks lost. One and several players,
    # for the verbs.
    "taken_back_one": (
        "Hand {number}: {players} laid phase {phase} but did not go out. In this game that "
        "counts only together with going out: {players} plays phase {phase} again.",
        "Runde {number}: {players} hat Phase {phase} ausgelegt, ist aber nicht ausgegangen. In "
        "diesem Spiel zählt das nur zusammen mit dem Ausgehen: {players} spielt Phase {phase} "
        "noch einmal.",
        "Ronde {number}: {players} legde fase {phase}, maar ging niet uit. In dit spel telt dat "
        "alleen samen met uitgaan: {players} speelt fase {phase} opnieuw.",
        "Runde {number}: {players} lagde fase {phase}, men gik ikke ud. I dette spil tæller det "
        "kun sammen med at gå ud: {players} spiller fase {phase} igen.",
    ),
    "taken_back_many": (
        "Hand {number}: {players} laid phase {phase} but did not go out. In this game that "
        "counts only together with going out: they play phase {phase} again.",
        "Runde {number}: {players} haben Phase {phase} ausgelegt, sind aber nicht ausgegangen. "
        "In diesem Spiel zählt das nur zusammen mit dem Ausgehen: sie spielen Phase {phase} "
        "noch einmal.",
        "Ronde {number}: {players} legden fase {phase}, maar gingen niet uit. In dit spel telt "
        "dat alleen samen met uitgaan: ze spelen fase {phase} opnieuw.",
        "Runde {number}: {players} lagde fase {phase}, men gik ikke ud. I dette spil tæller det "
        "kun sammen med at gå ud: de spiller fase {phase} igen.",
    ),
    "hands_played": ("Hands played: {count}", "Gespielte Runden: {count}",
                     "Gespeelde rondes: {count}", "Spillede runder: {count}"),
    "winner": ("🏆 {players} wins!", "🏆 {players} gewinnt!", "🏆 {players} wint!",
               "🏆 {players} vinder!"),
    "shared_win": ("🏆 Shared win: {players}", "🏆 Geteilter Sieg: {players}",
                   "🏆 Gedeelde winst: {players}", "🏆 Delt sejr: {players}"),
    # Why the game went to its winner: a winner who had not gone out looked wrong without it.
    "won_playoff": (
        "{players} laid the last phase first in the play-off.",
        "{players} hat im Stechen die letzte Phase zuerst ausgelegt.",
        "{players} legde in de beslissingsronde als eerste de laatste fase.",
        "{players} lagde sidste fase først i omspillet.",
    ),
    "won_playoff_out": (
        "{players} went out with the last phase first in the play-off.",
        "{players} ist im Stechen zuerst mit der letzten Phase ausgegangen.",
        "{players} ging in de beslissingsronde als eerste uit met de laatste fase.",
        "{players} gik først ud med sidste fase i omspillet.",
    ),
    "won_alone": (
        "Only {players} completed the last phase.",
        "Nur {players} hat die letzte Phase geschafft.",
        "Alleen {players} heeft de laatste fase gehaald.",
        "Kun {players} klarede sidste fase.",
    ),
    "won_fewest": (
        "{finished} completed the last phase; the fewest points: {points}.",
        "{finished} haben die letzte Phase geschafft; die wenigsten Punkte: {points}.",
        "{finished} haalden de laatste fase; de minste punten: {points}.",
        "{finished} klarede sidste fase; færrest point: {points}.",
    ),
    "won_extra_hand": (
        "After the extra hand, the fewest points: {points}.",
        "Nach der Extrarunde die wenigsten Punkte: {points}.",
        "Na de extra ronde de minste punten: {points}.",
        "Efter ekstrarunden færrest point: {points}.",
    ),
    "playoff": (
        "Tied: {players}. Play the last phase again — who laid it first?",
        "Gleichstand: {players}. Letzte Phase noch einmal spielen – wer hat sie zuerst "
        "ausgelegt?",
        "Gelijkspel: {players}. Speel de laatste fase opnieuw – wie legde hem eerst?",
        "Uafgjort: {players}. Spil sidste fase igen – hvem lagde den først?",
    ),
    "playoff_out": (
        "Tied: {players}. Play the last phase again — who went out with it first?",
        "Gleichstand: {players}. Letzte Phase noch einmal spielen – wer ist damit zuerst "
        "ausgegangen?",
        "Gelijkspel: {players}. Speel de laatste fase opnieuw – wie ging er het eerst mee uit?",
        "Uafgjort: {players}. Spil sidste fase igen – hvem gik først ud med den?",
    ),
    # Short: a table cell on a phone; the line above the table says what the play-off is.
    "playoff_cell": ("{phase} (play-off)", "{phase} (Stechen)", "{phase} (opnieuw)",
                     "{phase} (omspil)"),
    "playoff_first": ("Laid it first", "Zuerst ausgelegt", "Als eerste gelegd",
                      "Lagde den først"),
    "playoff_first_out": ("Went out with it first", "Zuerst damit ausgegangen",
                          "Er als eerste mee uitgegaan", "Gik først ud med den"),
    "playoff_save": (
        "Record play-off",
        "Stechen eintragen",
        "Beslissingsronde opslaan",
        "Gem omspil",
    ),
    "last_hand": ("Last hand: everybody plays one more.",
                  "Letzte Runde: alle spielen noch einmal.",
                  "Laatste ronde: iedereen speelt nog één keer.",
                  "Sidste runde: alle spiller én gang til."),
    "record_hand": ("Record hand {number}", "Runde {number} eintragen", "Ronde {number} invoeren",
                    "Indtast runde {number}"),
    "points": ("Points", "Punkte", "Punten", "Point"),
    "made": ("Phase made", "Phase geschafft", "Fase gehaald", "Fase klaret"),
    "recorded_meanwhile": (
        "Hand {stale} was recorded meanwhile in another window, so yours was not saved. What "
        "you typed is below as hand {number}: check it against the sheet, then save.",
        "Runde {stale} wurde inzwischen in einem anderen Fenster eingetragen; deine Eingabe "
        "wurde deshalb nicht gespeichert. Sie steht unten als Runde {number}: gleiche sie mit "
        "dem Punktezettel ab und speichere dann.",
        "Ronde {stale} is intussen in een ander venster ingevoerd, dus die van jou is niet "
        "opgeslagen. Wat je typte staat hieronder als ronde {number}: vergelijk het met het "
        "scoreblad en sla het dan op.",
        "Runde {stale} blev i mellemtiden indtastet i et andet vindue, så din blev ikke gemt. "
        "Det, du skrev, står nedenfor som runde {number}: tjek det mod pointtavlen, og gem så.",
    ),
    "chosen_phase": ("Which phase", "Welche Phase", "Welke fase", "Hvilken fase"),
    # The phase box's words while nothing is chosen (Streamlit's own are English only).
    "chosen_phase_none": ("Choose the phase", "Phase wählen", "Kies de fase", "Vælg fasen"),
    "phase_best": ("The best phase for this hand", "Die beste Phase für diese Hand",
                   "De beste fase voor deze hand", "Den bedste fase for denne hånd"),
    "phase_best_is": (
        "Best for this hand: {phase}",
        "Am besten für diese Hand: {phase}",
        "Het beste voor deze hand: {phase}",
        "Bedst for denne hånd: {phase}",
    ),
    "count_photo": (
        "Count from a photo of the leftover cards",
        "Aus einem Foto der Restkarten zählen",
        "Tellen met een foto van de overgebleven kaarten",
        "Tæl fra et foto af de resterende kort",
    ),
    "count_for": ("Whose cards?", "Wessen Karten?", "Wiens kaarten?", "Hvis kort?"),
    "counted": ("{player}: {cards} = {points} points", "{player}: {cards} = {points} Punkte",
                "{player}: {cards} = {points} punten", "{player}: {cards} = {points} point"),
    "count_none": (
        "No cards were read: check the photo, or type the cards left in the hand.",
        "Es wurde keine Karte erkannt: prüfe das Foto oder tippe die Karten ein, die noch auf "
        "der Hand sind.",
        "Er zijn geen kaarten gelezen: controleer de foto of typ de kaarten die nog in de hand "
        "zitten.",
        "Der blev ikke læst noget kort: tjek fotoet, eller skriv de kort, der er tilbage på "
        "hånden.",
    ),
    "count_cards_many": (
        "{count} cards: a hand left when someone goes out holds {most} at most. Check for a "
        "card read twice or one that is not this player's.",
        "{count} Karten: eine Hand, die übrig bleibt, wenn jemand ausgeht, hat höchstens "
        "{most}. Prüfe, ob eine Karte doppelt gelesen wurde oder nicht zu diesem Spieler gehört.",
        "{count} kaarten: een hand die overblijft als iemand uitgaat, heeft er hoogstens "
        "{most}. Kijk of een kaart dubbel is gelezen of niet van deze speler is.",
        "{count} kort: en hånd, der er tilbage, når nogen går ud, har højst {most}. Tjek, om et "
        "kort er læst to gange eller ikke er denne spillers.",
    ),
    "count_too_many": (
        "{points} points is more than a player can be left with after one hand ({most} at "
        "most): check the cards.",
        "{points} Punkte sind mehr, als nach einer Runde auf der Hand bleiben können "
        "(höchstens {most}): prüfe die Karten.",
        "{points} punten is meer dan iemand na een ronde kan overhouden (hoogstens {most}): "
        "controleer de kaarten.",
        "{points} point er mere, end man kan have tilbage på hånden efter en runde (højst "
        "{most}): tjek kortene.",
    ),
    "use_count": ("Use these points", "Diese Punkte übernehmen", "Deze punten gebruiken",
                  "Brug disse point"),
    "save_hand": ("Save hand", "Runde speichern", "Ronde opslaan", "Gem runde"),
    "saved": ("Saved.", "Gespeichert.", "Opgeslagen.", "Gemt."),
    "edit_hand": ("Correct a hand", "Runde korrigieren", "Ronde verbeteren", "Ret en runde"),
    "which_hand": ("Hand", "Runde", "Ronde", "Runde"),
    "save_fix": ("Save correction", "Korrektur speichern", "Correctie opslaan", "Gem rettelse"),
    "fix_hand_gone": (
        "Hand {number}, which you were correcting, was removed in another window meanwhile: "
        "no correction of it was saved.",
        "Runde {number}, die du korrigiert hast, wurde inzwischen in einem anderen Fenster "
        "gelöscht: keine Korrektur an ihr wurde gespeichert.",
        "Ronde {number}, die je aan het verbeteren was, is intussen in een ander venster "
        "gewist: er is geen correctie ervan opgeslagen.",
        "Runde {number}, som du var ved at rette, er i mellemtiden fjernet i et andet vindue: "
        "ingen rettelse af den blev gemt.",
    ),
    "undo": ("Undo last hand", "Letzte Runde löschen", "Laatste ronde wissen",
             "Fortryd sidste runde"),
    "confirm_undo": ("Yes, remove hand {number}", "Ja, Runde {number} löschen",
                     "Ja, ronde {number} wissen", "Ja, fjern runde {number}"),
    "undone": ("Last hand removed.", "Letzte Runde entfernt.", "Laatste ronde verwijderd.",
               "Sidste runde fjernet."),
    "restore_hand": ("Put hand {number} back", "Runde {number} zurückholen",
                     "Ronde {number} terugzetten", "Sæt runde {number} tilbage"),
    "restored": ("Hand put back.", "Runde zurückgeholt.", "Ronde teruggezet.",
                 "Runden er sat tilbage."),
    "history": ("Hands", "Runden", "Rondes", "Runder"),
    "export": ("Export CSV", "CSV exportieren", "CSV exporteren", "Eksportér CSV"),
    "import": ("Import CSV", "CSV importieren", "CSV importeren", "Importér CSV"),
    "imported": ("Imported as a new game.", "Als neues Spiel importiert.",
                 "Als nieuw spel geïmporteerd.", "Importeret som nyt spil."),
    "delete_game": ("Delete this game", "Spiel löschen", "Spel verwijderen", "Slet spillet"),
    "confirm_delete": ("Yes, delete it", "Ja, löschen", "Ja, verwijderen", "Ja, slet det"),
    "deleted": ("Game deleted.", "Spiel gelöscht.", "Spel verwijderd.", "Spillet er slettet."),
    "db_path": ("Score file", "Punktedatei", "Scorebestand", "Pointfil"),
    "db_error": ("The score sheet is unavailable: {detail}",
                 "Der Punktezettel ist nicht verfügbar: {detail}",
                 "Het scoreblad is niet beschikbaar: {detail}",
                 "Pointtavlen er ikke tilgængelig: {detail}"),
    "yes": ("yes", "ja", "ja", "ja"),
    "no": ("no", "nein", "nee", "nej"),
    # --- phase requirements (solver.phases.Kind values) --------------------------------------
    "kind_set": ("set of {size}", "Satz aus {size}", "set van {size}", "sæt af {size}"),
    "kind_run": ("run of {size}", "Folge aus {size}", "reeks van {size}", "stræk af {size}"),
    # Two or more alike, counted as the seeds and the printed cards count them ("2 sets of 3",
    # "2 Folgen aus 4 Karten mit demselben Symbol"); the solver reads these words itself.
    "kind_set_many": ("{count} sets of {size}", "{count} Sätze aus {size}",
                      "{count} sets van {size}", "{count} sæt af {size}"),
    "kind_run_many": ("{count} runs of {size}", "{count} Folgen aus {size}",
                      "{count} reeksen van {size}", "{count} stræk af {size}"),
    # Groups without a plural of their own: "2 × 4 mit demselben Symbol" (ui.phases reads it).
    "kind_many": ("{count} × {group}", "{count} × {group}", "{count} × {group}",
                  "{count} × {group}"),
    "kind_colour": ("{size} of one colour", "{size} einer Farbe", "{size} van één kleur",
                    "{size} i samme farve"),
    "kind_suit": ("{size} of one suit", "{size} mit demselben Symbol",
                  "{size} met hetzelfde symbool", "{size} i samme kulør"),
    "kind_redblack": (
        "{size} red or black",
        "{size} rot oder schwarz",
        "{size} rode of zwarte",
        "{size} røde eller sorte",
    ),
    # The same groups as worded for a ruleset's own cards (ui.phases): a colour group of
    # ordinary cards is one suit ("Farbe", "kleur" and "kulør" are the card players' words for
    # it), and the second of two red/black groups is the other colour.
    "kind_colour_suit": ("{size} of one suit", "{size} einer Farbe", "{size} van één kleur",
                         "{size} i samme kulør"),
    "kind_redblack_other": (
        "{size} of the other",
        "{size} der anderen",
        "{size} van de andere",
        "{size} i den anden",
    ),
    "phase_n": ("Phase {number}: {text}", "Phase {number}: {text}", "Fase {number}: {text}",
                "Fase {number}: {text}"),
    # --- photo problems (codes raised by vision.ImageError) ---------------------------------
    "error.image_empty": (
        "the file is empty",
        "die Datei ist leer",
        "het bestand is leeg",
        "filen er tom",
    ),
    "error.image_pixels": (
        "the image has more than {limit} MP; images over {limit} MP are refused",
        "das Bild hat mehr als {limit} MP; Bilder über {limit} MP werden abgelehnt",
        "de afbeelding heeft meer dan {limit} MP; afbeeldingen boven {limit} MP worden geweigerd",
        "billedet har mere end {limit} MP; billeder over {limit} MP afvises",
    ),
    "error.image_blank": (
        "the photo is blank, or far too dark or bright (one flat colour): no cards can be seen",
        "das Foto ist leer oder viel zu dunkel oder hell (eine einzige Farbe): keine Karten zu "
        "sehen",
        "de foto is leeg of veel te donker of licht (één egale kleur): er zijn geen kaarten te "
        "zien",
        "fotoet er tomt eller alt for mørkt eller lyst (én ensartet farve): der ses ingen kort",
    ),
    "error.image_heic_damaged": (
        "the HEIC/HEIF photo is damaged or of a kind that cannot be decoded: export it as JPEG",
        "das HEIC/HEIF-Foto ist beschädigt oder von einer Art, die nicht gelesen werden kann: "
        "exportiere es als JPEG",
        "de HEIC/HEIF-foto is beschadigd of van een soort die niet gelezen kan worden: exporteer "
        "hem als JPEG",
        "HEIC/HEIF-fotoet er beskadiget eller af en slags, der ikke kan læses: eksportér det som "
        "JPEG",
    ),
    "error.image_grey": (
        "the photo has no colours, and Phase 10 cards are told apart by their colour: take it "
        "in colour",
        "das Foto hat keine Farben, und Phase-10-Karten unterscheiden sich durch ihre Farbe: "
        "nimm es in Farbe auf",
        "de foto heeft geen kleuren, en Phase 10-kaarten verschillen in hun kleur: maak hem in "
        "kleur",
        "fotoet har ingen farver, og Phase 10-kort kendes på deres farve: tag det i farver",
    ),
    "error.image_grey_suits": (
        "the photo has no colours, and hearts and diamonds are told from spades and clubs by "
        "their colour: take it in colour",
        "das Foto hat keine Farben, und Herz und Karo unterscheiden sich von Pik und Kreuz "
        "durch ihre Farbe: nimm es in Farbe auf",
        "de foto heeft geen kleuren, en harten en ruiten verschillen van schoppen en klaveren "
        "in hun kleur: maak hem in kleur",
        "fotoet har ingen farver, og hjerter og ruder kendes fra spar og klør på deres farve: "
        "tag det i farver",
    ),
    "error.image_format": (
        "this image is in {format} format; photos are read as JPEG, PNG, WebP or HEIC: save it "
        "as one of those",
        "das ist ein {format}-Bild; gelesen werden Fotos als JPEG, PNG, WebP oder HEIC: speichere "
        "es in einem dieser Formate",
        "dit is een {format}-afbeelding; foto's worden gelezen als JPEG, PNG, WebP of HEIC: sla "
        "hem in een van die formaten op",
        "dette er et {format}-billede; fotos læses som JPEG, PNG, WebP eller HEIC: gem det i et "
        "af de formater",
    ),
    "error.image_heic": (
        "this is a HEIC/HEIF photo; install the optional package pillow-heif to read it (pip "
        "install pillow-heif), or export the photo as JPEG",
        "das ist ein HEIC/HEIF-Foto; installiere das Zusatzpaket pillow-heif (pip install "
        "pillow-heif) oder exportiere das Foto als JPEG",
        "dit is een HEIC/HEIF-foto; installeer het extra pakket pillow-heif (pip install "
        "pillow-heif) of exporteer de foto als JPEG",
        "dette er et HEIC/HEIF-foto; installer tilføjelsespakken pillow-heif (pip install "
        "pillow-heif), eller eksportér fotoet som JPEG",
    ),
    "error.image_unreadable": (
        "not a readable image (expected JPEG, PNG, WebP or HEIC)",
        "kein lesbares Bild (erwartet: JPEG, PNG, WebP oder HEIC)",
        "geen leesbare afbeelding (verwacht: JPEG, PNG, WebP of HEIC)",
        "ikke et læsbart billede (forventet: JPEG, PNG, WebP eller HEIC)",
    ),
    "error.image_corrupt": (
        "the image data is truncated or corrupt",
        "die Bilddaten sind abgeschnitten oder beschädigt",
        "de beeldgegevens zijn afgebroken of beschadigd",
        "billeddataene er afkortede eller beskadigede",
    ),
    "error.image_huge": (
        "the image is {width}×{height} px ({mp} MP); images over {limit} MP are refused",
        "das Bild hat {width}×{height} px ({mp} MP); Bilder über {limit} MP werden abgelehnt",
        "de afbeelding is {width}×{height} px ({mp} MP); afbeeldingen boven {limit} MP worden "
        "geweigerd",
        "billedet er {width}×{height} px ({mp} MP); billeder over {limit} MP afvises",
    ),
    "error.image_small": (
        "the image is only {width}×{height} px; a card needs at least {least} px on each side",
        "das Bild hat nur {width}×{height} px; eine Karte braucht mindestens {least} px je Seite",
        "de afbeelding is maar {width}×{height} px; een kaart heeft minstens {least} px per zijde "
        "nodig",
        "billedet er kun {width}×{height} px; et kort kræver mindst {least} px på hver side",
    ),
    # --- errors (codes raised by scoresheet; see scoresheet.errors) ---------------------------
    "error.player_count": (
        "A game needs {low} to {high} players (got {count}).",
        "Ein Spiel braucht {low} bis {high} Spieler ({count} angegeben).",
        "Een spel heeft {low} tot {high} spelers nodig ({count} opgegeven).",
        "Et spil kræver {low} til {high} spillere ({count} angivet).",
    ),
    "error.player_name_empty": ("Every player needs a name.", "Jeder Spieler braucht einen Namen.",
                                "Elke speler heeft een naam nodig.",
                                "Hver spiller skal have et navn."),
    "error.player_name_long": (
        "The name “{name}…” is longer than {limit} characters.",
        "Der Name „{name}…“ ist länger als {limit} Zeichen.",
        "De naam „{name}…” is langer dan {limit} tekens.",
        "Navnet »{name}…« er længere end {limit} tegn.",
    ),
    "error.player_name_duplicate": (
        "Two players are called “{name}”; names must differ.",
        "Zwei Spieler heißen „{name}“; die Namen müssen sich unterscheiden.",
        "Twee spelers heten „{name}”; namen moeten verschillen.",
        "To spillere hedder »{name}«; navnene skal være forskellige.",
    ),
    "error.dealer_index": ("There is no player number {index} to deal.",
                           "Es gibt keinen Spieler Nummer {index} als Geber.",
                           "Er is geen speler nummer {index} om te geven.",
                           "Der er ingen spiller nummer {index} til at give."),
    "error.phase_empty": (
        "The phase list has an empty line.",
        "Die Phasenliste enthält eine leere Zeile.",
        "De fasenlijst bevat een lege regel.",
        "Faselisten har en tom linje.",
    ),
    "error.no_phases": ("This phase choice leaves no phase to play.",
                        "Mit dieser Auswahl bleibt keine Phase zu spielen.",
                        "Met deze keuze blijft er geen fase over.",
                        "Med dette valg er der ingen fase at spille."),
    "error.game_over": (
        "The game is over; start a new one or correct a hand.",
        "Das Spiel ist vorbei; starte ein neues oder korrigiere eine Runde.",
        "Het spel is voorbij; begin een nieuw spel of verbeter een ronde.",
        "Spillet er slut; start et nyt eller ret en runde.",
    ),
    "error.hand_after_end": (
        "Hand {number} comes after the end of the game.",
        "Runde {number} liegt nach dem Spielende.",
        "Ronde {number} komt na het einde van het spel.",
        "Runde {number} ligger efter spillets slutning.",
    ),
    "error.hand_index": ("There is no hand {number}.", "Es gibt keine Runde {number}.",
                         "Er is geen ronde {number}.", "Der er ingen runde {number}."),
    "error.nothing_to_undo": ("There is no hand to undo.", "Es gibt keine Runde zum Löschen.",
                              "Er is geen ronde om te wissen.", "Der er ingen runde at fortryde."),
    "error.unknown_player": ("There is no player “{name}”.", "Es gibt keinen Spieler „{name}“.",
                             "Er is geen speler „{name}”.", "Der er ingen spiller »{name}«."),
    "error.hand_values": (
        "Hand {number}: each tick must be yes or no, and who went out and each phase chosen a "
        "number.",
        "Runde {number}: jedes Häkchen muss ja oder nein sein, und wer ausgegangen ist und jede "
        "gewählte Phase eine Zahl.",
        "Ronde {number}: elk vinkje moet ja of nee zijn, en wie uitging en elke gekozen fase "
        "een getal.",
        "Runde {number}: hvert flueben skal være ja eller nej, og hvem der gik ud og hver valgt "
        "fase et tal.",
    ),
    "error.hand_size": (
        "Hand {number} must list all {count} players.",
        "Runde {number} muss alle {count} Spieler enthalten.",
        "Ronde {number} moet alle {count} spelers bevatten.",
        "Runde {number} skal have alle {count} spillere.",
    ),
    "error.points_not_number": (
        "Hand {number}: the points of {name} are not a whole number.",
        "Runde {number}: die Punkte von {name} sind keine ganze Zahl.",
        "Ronde {number}: de punten van {name} zijn geen geheel getal.",
        "Runde {number}: pointene for {name} er ikke et heltal.",
    ),
    "error.points_range": (
        "Hand {number}: {points} points for {name}? A hand scores 0 to {high}.",
        "Runde {number}: {points} Punkte für {name}? Eine Runde zählt 0 bis {high}.",
        "Ronde {number}: {points} punten voor {name}? Een ronde telt 0 tot {high}.",
        "Runde {number}: {points} point til {name}? En runde giver mellem 0 og {high} point.",
    ),
    "error.points_step": (
        "Hand {number}: {points} points for {name}? Card points always add up to a multiple of 5.",
        "Runde {number}: {points} Punkte für {name}? Kartenpunkte ergeben immer ein Vielfaches "
        "von 5.",
        "Ronde {number}: {points} punten voor {name}? Kaartpunten zijn altijd een veelvoud van 5.",
        "Runde {number}: {points} point til {name}? Kortpoint er altid et multiplum af 5.",
    ),
    "error.went_out_points": (
        "Hand {number}: {name} went out, so {name} scores 0.",
        "Runde {number}: {name} ist ausgegangen und bekommt deshalb 0.",
        "Ronde {number}: {name} is uitgegaan en krijgt dus 0.",
        "Runde {number}: {name} gik ud og får derfor 0.",
    ),
    "error.several_out": (
        "Hand {number}: only the player who went out scores 0, but several are on 0 ({names}): "
        "type the others' points.",
        "Runde {number}: nur wer ausgegangen ist, hat 0, aber mehrere stehen auf 0 ({names}): "
        "trag die Punkte der anderen ein.",
        "Ronde {number}: alleen wie uitging heeft 0, maar meerdere staan op 0 ({names}): vul de "
        "punten van de anderen in.",
        "Runde {number}: kun den, der gik ud, har 0, men flere står på 0 ({names}): skriv de "
        "andres point.",
    ),
    "error.all_out": (
        "Hand {number}: everyone is on 0 ({names}), but a hand ends with someone still holding "
        "cards: type their points.",
        "Runde {number}: alle stehen auf 0 ({names}), aber eine Runde endet, wenn noch jemand "
        "Karten hält: trag dessen Punkte ein.",
        "Ronde {number}: iedereen staat op 0 ({names}), maar een ronde eindigt terwijl iemand "
        "nog kaarten heeft: vul diens punten in.",
        "Runde {number}: alle står på 0 ({names}), men en runde slutter, mens nogen stadig har "
        "kort: skriv deres point.",
    ),
    "error.out_without_phase": (
        "Hand {number}: {name} went out, which takes laying the phase first: tick “Phase made” "
        "for {name}.",
        "Runde {number}: {name} ist ausgegangen, und das geht nur mit ausgelegter Phase: hak "
        "„Phase geschafft“ bei {name} an.",
        "Ronde {number}: {name} is uitgegaan, en dat kan alleen met de fase op tafel: vink "
        "‘Fase gehaald’ aan bij {name}.",
        "Runde {number}: {name} gik ud, og det kræver, at fasen er lagt: sæt flueben i »Fase "
        "klaret« for {name}.",
    ),
    "error.laid_not_out": (
        "Hand {number}: {name} laid the phase but did not go out ({points} points): with classic "
        "cards only who goes out moves on to the next phase; untick “Phase made” for {name}.",
        "Runde {number}: {name} hat die Phase ausgelegt, ist aber nicht ausgegangen ({points} "
        "Punkte): mit klassischen Karten kommt nur weiter, wer ausgeht; nimm den Haken bei "
        "„Phase geschafft“ für {name} weg.",
        "Ronde {number}: {name} legde de fase neer maar ging niet uit ({points} punten): met "
        "klassieke kaarten gaat alleen wie uitgaat door naar de volgende fase; haal het vinkje "
        "bij ‘Fase gehaald’ weg voor {name}.",
        "Runde {number}: {name} lagde fasen, men gik ikke ud ({points} point): med klassiske kort "
        "går kun den, der går ud, videre til næste fase; fjern fluebenet i »Fase klaret« for "
        "{name}.",
    ),
    "error.playoff_points": (
        "Hand {number} is a play-off: the first to lay the phase wins, and nobody scores points.",
        "Runde {number} ist ein Stechen: wer die Phase zuerst auslegt, gewinnt; Punkte zählen "
        "nicht.",
        "Ronde {number} is een beslissingsronde: wie de fase het eerst neerlegt, wint; punten "
        "tellen niet.",
        "Runde {number} er et omspil: den, der først lægger fasen, vinder; point tæller "
        "ikke.",
    ),
    "error.playoff_points_out": (
        "Hand {number} is a play-off: the first to go out with the phase wins, and nobody "
        "scores points.",
        "Runde {number} ist ein Stechen: wer zuerst mit der Phase ausgeht, gewinnt; Punkte "
        "zählen nicht.",
        "Ronde {number} is een beslissingsronde: wie het eerst uitgaat met de fase, wint; "
        "punten tellen niet.",
        "Runde {number} er et omspil: den, der først går ud med fasen, vinder; point tæller "
        "ikke.",
    ),
    "error.nobody_out": (
        "Hand {number}: somebody went out, so at least one player scores 0.",
        "Runde {number}: jemand ist ausgegangen, also hat mindestens ein Spieler 0.",
        "Ronde {number}: iemand is uitgegaan, dus minstens één speler heeft 0.",
        "Runde {number}: nogen gik ud, så mindst én spiller har 0.",
    ),
    "error.nothing_left": (
        "Hand {number}: a player who has finished every phase cannot make another.",
        "Runde {number}: wer alle Phasen geschafft hat, kann keine weitere schaffen.",
        "Ronde {number}: wie alle fasen heeft gehaald, kan er geen meer halen.",
        "Runde {number}: den, der har klaret alle faser, kan ikke klare flere.",
    ),
    "error.phase_unnamed": (
        "Hand {number}: “Phase made” is ticked for {names}, but not which phase: choose it "
        "under “Which phase”.",
        "Runde {number}: „Phase geschafft“ ist bei {names} angehakt, aber nicht welche: wähle "
        "sie unter „Welche Phase“.",
        "Ronde {number}: ‘Fase gehaald’ is aangevinkt bij {names}, maar niet welke: kies hem "
        "bij ‘Welke fase’.",
        "Runde {number}: »Fase klaret« er afkrydset for {names}, men ikke hvilken: vælg den "
        "under »Hvilken fase«.",
    ),
    "error.phase_not_open": (
        "Hand {number}: phase {phase} is done already or not part of this game.",
        "Runde {number}: Phase {phase} ist schon geschafft oder nicht Teil dieses Spiels.",
        "Ronde {number}: fase {phase} is al gehaald of hoort niet bij dit spel.",
        "Runde {number}: fase {phase} er allerede klaret eller ikke med i dette spil.",
    ),
    "error.playoff_made": (
        "With this correction hand {number} would be a play-off, but it was played as an "
        "ordinary hand: undo the hands from {number} on first, then correct this one.",
        "Mit dieser Korrektur wäre Runde {number} ein Stechen, gespielt wurde sie aber als "
        "normale Runde: lösche erst die Runden ab {number}, dann korrigiere diese.",
        "Met deze verbetering zou ronde {number} een beslissingsronde zijn, maar ze is als "
        "gewone ronde gespeeld: wis eerst de rondes vanaf {number} en verbeter dan deze.",
        "Med denne rettelse ville runde {number} være et omspil, men den blev spillet som en "
        "almindelig runde: fortryd først runderne fra {number}, og ret så denne.",
    ),
    "error.ended_sooner": (
        "With this correction the game would be over before hand {number}, which was played: "
        "undo the hands from {number} on first, then correct this one.",
        "Mit dieser Korrektur wäre das Spiel vor Runde {number} vorbei, die gespielt wurde: "
        "lösche erst die Runden ab {number}, dann korrigiere diese.",
        "Met deze verbetering zou het spel voor ronde {number} voorbij zijn, die gespeeld is: "
        "wis eerst de rondes vanaf {number} en verbeter dan deze.",
        "Med denne rettelse ville spillet være slut før runde {number}, som blev spillet: "
        "fortryd først runderne fra {number}, og ret så denne.",
    ),
    "error.playoff_changed": (
        "Hand {number} was a play-off; with this correction it would be none, or one between "
        "other players: undo the hands from {number} on first, then correct this one.",
        "Runde {number} war ein Stechen; mit dieser Korrektur wäre sie keins mehr oder eins "
        "zwischen anderen Spielern: lösche erst die Runden ab {number}, dann korrigiere diese.",
        "Ronde {number} was een beslissingsronde; met deze verbetering zou ze dat niet meer "
        "zijn, of tussen andere spelers: wis eerst de rondes vanaf {number} en verbeter dan "
        "deze.",
        "Runde {number} var et omspil; med denne rettelse ville den ikke være det længere, "
        "eller være det mellem andre spillere: fortryd først runderne fra {number}, og ret så "
        "denne.",
    ),
    "error.playoff_outsider": (
        "Hand {number} is a play-off: only the tied players can lay the phase.",
        "Runde {number} ist ein Stechen: nur die Gleichstehenden können die Phase auslegen.",
        (
            "Ronde {number} is een beslissingsronde: alleen de gelijkstaande spelers kunnen de "
            "fase leggen."
        ),
        "Runde {number} er et omspil: kun de spillere, der står lige, kan lægge fasen.",
    ),
    "error.csv_magic": (
        "CSV line {line}: a score sheet starts with “{magic}” — is this an exported sheet?",
        "CSV-Zeile {line}: ein Punktezettel beginnt mit „{magic}“ – ist das ein Export?",
        "CSV-regel {line}: een scoreblad begint met „{magic}” – is dit een export?",
        "CSV-linje {line}: en pointtavle starter med »{magic}« – er det en eksport?",
    ),
    "error.csv_header": ("CSV line {line}: expected the header {header}.",
                         "CSV-Zeile {line}: erwartet wurde die Kopfzeile {header}.",
                         "CSV-regel {line}: verwacht werd de kopregel {header}.",
                         "CSV-linje {line}: forventede overskriften {header}."),
    "error.csv_settings_gap": (
        "CSV line {line}: a blank row among the settings (line {next} holds another); the "
        "settings end at the first blank row, so remove it.",
        "CSV-Zeile {line}: eine Leerzeile mitten in den Einstellungen (Zeile {next} enthält "
        "noch eine); die Einstellungen enden an der ersten Leerzeile, entferne sie also.",
        "CSV-regel {line}: een lege regel midden in de instellingen (regel {next} bevat er "
        "nog een); de instellingen eindigen bij de eerste lege regel, dus haal die weg.",
        "CSV-linje {line}: en tom linje midt i indstillingerne (linje {next} har endnu en); "
        "indstillingerne slutter ved den første tomme linje, så fjern den.",
    ),
    "error.csv_setting": ("CSV line {line}: unknown setting “{key}”.",
                          "CSV-Zeile {line}: unbekannte Einstellung „{key}“.",
                          "CSV-regel {line}: onbekende instelling „{key}”.",
                          "CSV-linje {line}: ukendt indstilling »{key}«."),
    "error.csv_value": ("CSV line {line}: unknown value “{value}”.",
                        "CSV-Zeile {line}: unbekannter Wert „{value}“.",
                        "CSV-regel {line}: onbekende waarde „{value}”.",
                        "CSV-linje {line}: ukendt værdi »{value}«."),
    "error.csv_dealer": ("CSV line {line}: the first dealer “{name}” is not a player.",
                         "CSV-Zeile {line}: der erste Geber „{name}“ ist kein Spieler.",
                         "CSV-regel {line}: de eerste gever „{name}” is geen speler.",
                         "CSV-linje {line}: første giver »{name}« er ikke en spiller."),
    "error.csv_rows": ("CSV line {line}: every hand needs one row per player ({count}).",
                       "CSV-Zeile {line}: jede Runde braucht eine Zeile pro Spieler ({count}).",
                       "CSV-regel {line}: elke ronde heeft één regel per speler nodig ({count}).",
                       "CSV-linje {line}: hver runde skal have én linje pr. spiller ({count})."),
    "error.csv_hand": ("CSV line {line}: expected hand {number}, found “{found}”.",
                       "CSV-Zeile {line}: erwartet Runde {number}, gefunden „{found}“.",
                       "CSV-regel {line}: verwacht ronde {number}, gevonden „{found}”.",
                       "CSV-linje {line}: forventede runde {number}, fandt »{found}«."),
    "error.csv_player": ("CSV line {line}: expected player {name}, found “{found}”.",
                         "CSV-Zeile {line}: erwartet Spieler {name}, gefunden „{found}“.",
                         "CSV-regel {line}: verwacht speler {name}, gevonden „{found}”.",
                         "CSV-linje {line}: forventede spiller {name}, fandt »{found}«."),
    "error.csv_number": ("CSV line {line}: “{value}” is not a whole number.",
                         "CSV-Zeile {line}: „{value}“ ist keine ganze Zahl.",
                         "CSV-regel {line}: „{value}” is geen geheel getal.",
                         "CSV-linje {line}: »{value}« er ikke et heltal."),
    "error.csv_flag": ("CSV line {line}: “{value}” is neither yes nor no.",
                       "CSV-Zeile {line}: „{value}“ ist weder ja noch nein.",
                       "CSV-regel {line}: „{value}” is geen ja of nee.",
                       "CSV-linje {line}: »{value}« er hverken ja eller nej."),
    "error.csv_went_out_points": (
        "CSV line {line}: hand {number} marks {name} as gone out with {points} points; who went "
        "out scores 0: leave went_out no for {name}.",
        "CSV-Zeile {line}: Runde {number} gibt {name} als ausgegangen an, mit {points} Punkten; "
        "wer ausgeht, hat 0: lass went_out bei {name} auf nein.",
        "CSV-regel {line}: ronde {number} geeft {name} als uitgegaan aan, met {points} punten; "
        "wie uitgaat, heeft 0: laat went_out bij {name} op nee.",
        "CSV-linje {line}: runde {number} angiver {name} som gået ud med {points} point; den, "
        "der går ud, har 0: lad went_out stå på nej for {name}.",
    ),
    "error.csv_went_out_twice": (
        "CSV line {line}: hand {number} marks {first} and {name} as gone out; only one player "
        "goes out of a hand: leave went_out yes for one of them.",
        "CSV-Zeile {line}: Runde {number} gibt {first} und {name} als ausgegangen an; nur einer "
        "geht in einer Runde aus: lass went_out nur bei einem auf ja.",
        "CSV-regel {line}: ronde {number} geeft {first} en {name} als uitgegaan aan; maar één "
        "speler gaat per ronde uit: laat went_out bij één van hen op ja.",
        "CSV-linje {line}: runde {number} angiver {first} og {name} som gået ud; kun én spiller "
        "går ud i en runde: lad went_out stå på ja for én af dem.",
    ),
    "error.player_name_control": (
        "The player name “{name}” holds a control character (a tab, a line break, a NUL).",
        "Der Spielername „{name}“ enthält ein Steuerzeichen (z. B. Tab, Zeilenumbruch, NUL).",
        "De spelersnaam „{name}” bevat een stuurteken (bv. tab, regeleinde, NUL).",
        "Spillernavnet »{name}« indeholder et kontroltegn (fx tabulator, linjeskift, NUL).",
    ),
    "error.game_name_bad": (
        "A game's name has at most {limit} characters, on one line.",
        "Der Name eines Spiels darf höchstens {limit} Zeichen lang sein und nur eine Zeile haben.",
        "De naam van een spel mag hoogstens {limit} tekens lang zijn en moet op één regel staan.",
        "Et spils navn må højst have {limit} tegn og skal stå på én linje.",
    ),
    "error.csv_cell": (
        "Line {line}: a cell is far too long (a quotation mark not closed?).",
        "Zeile {line}: eine Zelle ist viel zu lang (fehlt ein schließendes Anführungszeichen?).",
        "Regel {line}: een cel is veel te lang (ontbreekt er een sluitend aanhalingsteken?).",
        "Linje {line}: en celle er alt for lang (mangler et afsluttende anførselstegn?).",
    ),
    "error.csv_quote": (
        "CSV line {line}: a quotation mark is not closed, or text follows a closing one.",
        "CSV-Zeile {line}: ein Anführungszeichen wird nicht geschlossen, oder nach dem "
        "schließenden folgt noch Text.",
        "CSV-regel {line}: een aanhalingsteken wordt niet gesloten, of er volgt nog tekst na "
        "het sluitende.",
        "CSV-linje {line}: et anførselstegn lukkes ikke, eller der følger tekst efter det "
        "afsluttende.",
    ),
    "error.csv_version": (
        "CSV line {line}: this sheet is format {version}, which this PhaseLens does not know "
        "(it reads format {known}); import it with a newer PhaseLens.",
        "CSV-Zeile {line}: dieser Punktezettel hat das Format {version}, das diese PhaseLens "
        "nicht kennt (sie liest Format {known}); importiere ihn mit einer neueren PhaseLens.",
        "CSV-regel {line}: dit scoreblad heeft formaat {version}, dat deze PhaseLens niet kent "
        "(hij leest formaat {known}); importeer het met een nieuwere PhaseLens.",
        "CSV-linje {line}: denne pointtavle har format {version}, som denne PhaseLens ikke "
        "kender (den læser format {known}); importér den med en nyere PhaseLens.",
    ),
    "error.csv_too_big": (
        "The file is larger than {most} KB: no score sheet is that long.",
        "Die Datei ist größer als {most} KB: so lang ist kein Punktezettel.",
        "Het bestand is groter dan {most} KB: zo lang is geen scoreblad.",
        "Filen er større end {most} KB: ingen pointtavle er så lang.",
    ),
    "error.csv_not_file": (
        "{path} is not a file.",
        "{path} ist keine Datei.",
        "{path} is geen bestand.",
        "{path} er ikke en fil.",
    ),
    "error.csv_empty": ("The CSV file is empty.", "Die CSV-Datei ist leer.",
                        "Het CSV-bestand is leeg.", "CSV-filen er tom."),
    "error.csv_not_text": ("The file is not a UTF-8 CSV text file.",
                           "Die Datei ist keine UTF-8-CSV-Textdatei.",
                           "Het bestand is geen UTF-8 CSV-tekstbestand.",
                           "Filen er ikke en UTF-8 CSV-tekstfil."),
    "error.game_missing": ("Game {game} does not exist (deleted meanwhile?).",
                           "Spiel {game} gibt es nicht (inzwischen gelöscht?).",
                           "Spel {game} bestaat niet (intussen verwijderd?).",
                           "Spil {game} findes ikke (slettet i mellemtiden?)."),
    "error.game_changed": (
        "Another window changed this game meanwhile (hands recorded now: {hands}), so your "
        "change was not saved. Check the score sheet and, if it is still needed, make your "
        "change again.",
        "Ein anderes Fenster hat dieses Spiel inzwischen geändert (eingetragene Runden jetzt: "
        "{hands}); deshalb wurde deine Änderung nicht gespeichert. Sieh dir den Punktezettel "
        "noch einmal an und wiederhole deine Änderung, falls sie noch nötig ist.",
        "Een ander venster heeft dit spel intussen gewijzigd (ingevoerde rondes nu: {hands}), "
        "dus je wijziging is niet opgeslagen. Bekijk het scoreblad opnieuw en voer je wijziging "
        "nog eens uit als dat nog nodig is.",
        "Et andet vindue har ændret dette spil i mellemtiden (indtastede runder nu: {hands}), "
        "så din ændring blev ikke gemt. Se pointtavlen igennem igen, og gentag ændringen, hvis "
        "den stadig er nødvendig.",
    ),
    "error.db_locked": (
        "The score file {path} is busy (another program holds a lock). Nothing was changed; "
        "try again in a moment.",
        "Die Punktedatei {path} ist belegt (ein anderes Programm sperrt sie). Nichts wurde "
        "geändert; gleich noch einmal versuchen.",
        "Het scorebestand {path} is bezet (een ander programma vergrendelt het). Er is niets "
        "gewijzigd; probeer het zo opnieuw.",
        "Pointfilen {path} er optaget (et andet program låser den). Intet er ændret; prøv igen "
        "om lidt.",
    ),
    "error.db_corrupt": (
        "The score file {path} is damaged or not a score file; it was left untouched. Choose "
        "another file or restore a backup.",
        "Die Punktedatei {path} ist beschädigt oder keine Punktedatei; sie bleibt unverändert. "
        "Andere Datei wählen oder Sicherung zurückspielen.",
        "Het scorebestand {path} is beschadigd of geen scorebestand; het blijft onaangeroerd. "
        "Kies een ander bestand of zet een back-up terug.",
        "Pointfilen {path} er beskadiget eller ikke en pointfil; den er ikke rørt. Vælg en "
        "anden fil eller gendan en sikkerhedskopi.",
    ),
    "error.game_damaged": (
        "Game {game} in the score file {path} is damaged and cannot be read; the other games "
        "are fine. Delete it, or restore a backup of the file.",
        "Spiel {game} in der Punktedatei {path} ist beschädigt und kann nicht gelesen werden; "
        "die anderen Spiele sind in Ordnung. Lösche es oder spiele eine Sicherung der Datei "
        "zurück.",
        "Spel {game} in het scorebestand {path} is beschadigd en kan niet worden gelezen; de "
        "andere spellen zijn in orde. Verwijder het of zet een back-up van het bestand terug.",
        "Spil {game} i pointfilen {path} er beskadiget og kan ikke læses; de andre spil er i "
        "orden. Slet det, eller gendan en sikkerhedskopi af filen.",
    ),
    "delete_damaged": ("Delete game {game}", "Spiel {game} löschen", "Spel {game} verwijderen",
                       "Slet spil {game}"),
    "error.db_newer": (
        "The score file {path} was written by a newer version (schema {found}); it was left "
        "untouched.",
        "Die Punktedatei {path} stammt von einer neueren Version (Schema {found}); sie bleibt "
        "unverändert.",
        "Het scorebestand {path} komt van een nieuwere versie (schema {found}); het blijft "
        "onaangeroerd.",
        "Pointfilen {path} er skrevet af en nyere version (skema {found}); den er ikke rørt.",
    ),
    "error.db_folder": (
        "{path} is a folder; the score file must be a file, e.g. {path}/scores.sqlite3",
        "{path} ist ein Ordner; die Punktedatei muss eine Datei sein, z. B. "
        "{path}/scores.sqlite3",
        "{path} is een map; het scorebestand moet een bestand zijn, bijv. {path}/scores.sqlite3",
        "{path} er en mappe; pointfilen skal være en fil, f.eks. {path}/scores.sqlite3",
    ),
    "error.db_missing": (
        "there is no score file at {path}",
        "unter {path} gibt es keine Punktedatei",
        "er is geen scorebestand op {path}",
        "der er ingen pointfil på {path}",
    ),
    "db_missing": (
        "There is no score file at {path}. Check the path under “Score file”, or start a new "
        "one there.",
        "Unter {path} gibt es keine Punktedatei. Prüfe den Pfad unter „Punktedatei“ oder lege "
        "dort eine neue an.",
        "Er is geen scorebestand op {path}. Controleer het pad onder ‘Scorebestand’ of begin "
        "daar een nieuw.",
        "Der er ingen pointfil på {path}. Tjek stien under »Pointfil«, eller opret en ny der.",
    ),
    # The score-sheet command line's own errors (English under --lang before session 67).
    "error.no_game_number": (
        "“{typed}” is no game number; “list” shows them",
        "„{typed}“ ist keine Spielnummer; „list“ zeigt sie",
        "“{typed}” is geen spelnummer; “list” toont ze",
        "»{typed}« er ikke et spilnummer; »list« viser dem",
    ),
    "cli_cannot_read": (
        "cannot read {path}: {reason}",
        "{path} ist nicht lesbar: {reason}",
        "{path} kan niet worden gelezen: {reason}",
        "{path} kan ikke læses: {reason}",
    ),
    "cli_cannot_write": (
        "cannot write the output: {reason}",
        "die Ausgabe kann nicht geschrieben werden: {reason}",
        "de uitvoer kan niet worden geschreven: {reason}",
        "outputtet kan ikke skrives: {reason}",
    ),
    "cli_db_new": (
        "note: made a new score file at {path}",
        "Hinweis: neue Punktedatei unter {path} angelegt",
        "let op: nieuw scorebestand gemaakt op {path}",
        "bemærk: ny pointfil oprettet på {path}",
    ),
    "db_create": ("Start a new score file there", "Neue Punktedatei anlegen",
                  "Nieuw scorebestand beginnen", "Opret en ny pointfil"),
    "error.db_read_only": (
        "The score file {path} cannot be written (the file or its folder is write-protected, "
        "or the drive is read-only); its games can be read but not changed. To go on scoring, "
        "copy it, with {path}-wal if that file exists, to a writable folder.",
        "In die Punktedatei {path} kann nicht geschrieben werden (Datei oder Ordner "
        "schreibgeschützt oder Laufwerk nur lesbar); ihre Spiele lassen sich lesen, aber nicht "
        "ändern. Kopiere sie zum Weiterschreiben samt {path}-wal (falls vorhanden) in einen "
        "beschreibbaren Ordner.",
        "Er kan niet naar het scorebestand {path} worden geschreven (het bestand of de map is "
        "schrijfbeveiligd, of de schijf is alleen-lezen); de spellen kunnen worden gelezen, "
        "maar niet gewijzigd. Kopieer het, samen met {path}-wal (als dat bestaat), naar een "
        "schrijfbare map om verder te tellen.",
        "Der kan ikke skrives til pointfilen {path} (filen eller mappen er skrivebeskyttet, "
        "eller drevet kan kun læses); dens spil kan læses, men ikke ændres. Kopiér den sammen "
        "med {path}-wal (hvis den findes) til en skrivbar mappe for at skrive videre.",
    ),
    "error.db_full": (
        "The disk holding the score file {path} is full, so nothing was changed. Free some "
        "space and try again.",
        "Der Datenträger mit der Punktedatei {path} ist voll; deshalb wurde nichts geändert. "
        "Gib etwas Speicherplatz frei und versuche es noch einmal.",
        "De schijf met het scorebestand {path} is vol, dus er is niets gewijzigd. Maak wat "
        "ruimte vrij en probeer het opnieuw.",
        "Disken med pointfilen {path} er fuld, så intet blev ændret. Frigør lidt plads, og prøv "
        "igen.",
    ),
    "error.db_home": (
        "{path} starts in the home folder of “{user}”, and this computer has no user of that "
        "name",
        "{path} beginnt im Home-Ordner von „{user}“, und diesen Benutzer gibt es auf diesem "
        "Rechner nicht",
        "{path} begint in de thuismap van ‘{user}’, en deze computer heeft geen gebruiker met "
        "die naam",
        "{path} begynder i hjemmemappen for »{user}«, og denne computer har ingen bruger med "
        "det navn",
    ),
    "error.db_path": (
        "{path} cannot be a score file's path: {reason}",
        "{path} kann nicht der Pfad einer Punktedatei sein: {reason}",
        "{path} kan niet het pad van een scorebestand zijn: {reason}",
        "{path} kan ikke være stien til en pointfil: {reason}",
    ),
    "error.db_io": (
        "The score file {path} cannot be opened or written: {reason}",
        "Die Punktedatei {path} kann nicht geöffnet oder geschrieben werden: {reason}",
        "Het scorebestand {path} kan niet worden geopend of geschreven: {reason}",
        "Pointfilen {path} kan ikke åbnes eller skrives: {reason}",
    ),
}


def text(lang: str, key: str, /, **params: Any) -> str:
    """The string `key` in `lang` (unknown languages fall back to English), filled in."""
    entry = TEXT[key]
    index = _ORDER.index(lang) if lang in LANGUAGES else _ORDER.index(DEFAULT_LANGUAGE)
    return entry[index].format(**params) if params else entry[index]


def error_text(lang: str, code: str, params: Mapping[str, Any], *,
               markdown: bool = False) -> str:
    """The wording of a score-sheet or photo error `code` (see `scoresheet.errors`); for the
    page (``markdown``), what the player typed or named in it is escaped to show as typed."""
    key = f"error.{code}"
    if key not in TEXT:
        return code
    if markdown:
        params = {name: plain(value) if isinstance(value, str) else value
                  for name, value in params.items()}
    return text(lang, key, **params)


# Streamlit renders messages, captions and widget labels as Markdown: a player's name, a card
# typed or a link's hand= could otherwise become a link, a remote image or a formula on the page.
# Brackets make links, images and coloured text, "<" autolinks, "$" formulas, "&" an entity
# ("&lt;b&gt;" showed "<b>"), the rest emphasis, tables and headings.
_MARKDOWN = re.compile(r"([\\`*_\[\]#|~$<>&])")
# At the start of a cell or line a name made a list ("- Fay", "1. Eve", "1) Cy") or a rule
# ("- - -", the name gone): its marker is escaped.
_BLOCK_MARKER = re.compile(r"^(\s*(?:\d{1,9}(?=[.)]))?)([-+.)])", re.MULTILINE)
# A bare web address is linked, and ":smile:" or ":material/home:" made an emoji or an icon,
# whatever is escaped; an invisible word joiner after the colon (or "www") keeps them text.
# An e-mail address was linked too: the joiner goes after its "@".
_WEB_ADDRESS = re.compile(r"(?<=[a-z]:)(?=//)|(?<=www)(?=\.)|(?<=:)(?=[a-z0-9_+-])|(?<=@)",
                          re.IGNORECASE)
WORD_JOINER = "\u2060"


def plain(value: str) -> str:
    r"""``value`` shown as typed inside Markdown: its Markdown characters escaped.

    >>> print(plain("[click](x.png) $x$ *Ann* (3 × R7)"))
    \[click\](x.png) \$x\$ \*Ann\* (3 × R7)
    >>> plain("https://x.org") == "https:" + WORD_JOINER + "//x.org"
    True
    >>> plain("Ben :smile:") == "Ben :" + WORD_JOINER + "smile:"
    True
    >>> print(plain("1. Eve"), plain("- Fay"), plain("Tom &amp; Jerry"), plain("5-3"))
    1\. Eve \- Fay Tom \&amp; Jerry 5-3
    """
    escaped = _BLOCK_MARKER.sub(r"\1\\\2", _MARKDOWN.sub(r"\\\1", value))
    return _WEB_ADDRESS.sub(WORD_JOINER, escaped)


def placeholders(template: str) -> frozenset[str]:
    """The `{names}` a template fills in.

    >>> sorted(placeholders("{a} and {b}"))
    ['a', 'b']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)
