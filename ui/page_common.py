"""What both tabs of the page share: this tab's session state, the card reader, the score file,
the selected game, reading a photo once, drawing a panel of `ui.panels`, and saving with a
clear message.

Streamlit code (the rest of `ui` is Streamlit-free); the page layout is in `ui.page_hand`,
`ui.page_sheet`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, Final, assert_never

import streamlit as st

try:  # Streamlit's internals: a later release that moves them leaves the files to the tab
    from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
    from streamlit.runtime.scriptrunner import get_script_run_ctx
except ImportError:  # pragma: no cover - depends on the Streamlit installed
    MemoryUploadedFileManager = None  # type: ignore[assignment,misc]

import scoresheet as sheet
import ui
import vision
from solver import Ruleset, percent
from ui import chips, reading
from ui.advice import DiscardRow
from ui.panels import Block, Chart, Discard, Explanation, Groups, Hit, Kind, Message, OtherDeck
from vision import (
    DEFAULT_PARAMS,
    OTHER_DECK,
    DecodeParams,
    ImageError,
    ModelError,
    Reader,
    deck_params,
)

PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
NO_GAME = -1

state = st.session_state


@st.cache_resource(show_spinner=False)
def _loaded_reader(deck: str) -> Reader:
    """The deck's ONNX model, loaded once per server process."""
    return Reader.from_file(deck=deck)


def card_reader(deck: str, params: DecodeParams = DEFAULT_PARAMS) -> Reader:
    """The deck's reader for a table's deck as ``params`` bound it (its loaded model shared:
    classic's 1 to 10 decks would each have held one)."""
    return _loaded_reader(deck).with_params(params)


def open_store(lang: str) -> sheet.Store | None:
    typed = (state.get("db_path") or "").strip()
    default = str(sheet.default_db_path())
    # A path typed in the box or set in $PHASELENS_DB names a file that should be there: a
    # typo, a moved file or an unmounted drive would make a new empty file (and its folders),
    # and the player's games would seem gone, so a new file there is asked for. Only the
    # default place is made unasked, on first use.
    named = bool(typed and typed != default) or bool(os.environ.get("PHASELENS_DB", "").strip())
    path = typed or default
    try:
        if named and path != state.get("db_created") and not sheet.score_path(path).exists():
            st.warning(ui.text(lang, "db_missing", path=ui.plain(path)))
            st.button(ui.text(lang, "db_create"), key="db_create",
                      on_click=lambda: state.update(db_created=path))
            return None
        store = sheet.Store(typed or None)
    except sheet.StoreError as error:
        st.error(ui.text(lang, "db_error", detail=ui.error_text(lang, error.code, error.params,
                                                               markdown=True)))
        return None
    if store.read_only:  # said before a save fails
        refusal = sheet.StoreError("db_read_only", path=str(store.path))
        st.warning(ui.error_text(lang, refusal.code, refusal.params, markdown=True))
    if state.get("store_path", str(store.path)) != str(store.path):
        forget_other_file()
    state.store_path = str(store.path)
    return store


# What the page holds of one score file's games, by their numbers: another file's game 1 is
# another game (sheet audit, session 67: the first file's game 1 stayed open, with its typed
# forms and its correction's values, which a save then wrote over the other file's hand).
FILE_STATE = ("game_id", "pts_", "made_", "chosen_", "count_text_", "count_who_", "fix_",
              "po_", "undo_shown_", "restore_shown_", "meanwhile_", "own_", "declared")


def forget_other_file() -> None:
    """Forgets the last score file's games: the game open and what its forms held. No game of
    the new file is opened in the same run: the browser knows a box by its key, and would
    send the last file's values back into a form drawn again under the same keys."""
    forget(FILE_STATE)
    select_game(NO_GAME)


def forget(prefixes: tuple[str, ...], but: str | None = None) -> None:
    """Drops the session's keys starting with ``prefixes`` (none holding ``but``): what a form
    held, for boxes drawn next under other keys or not at all (a box drawn again under the
    same key keeps its value in the browser: set it instead)."""
    for key in [k for k in state if isinstance(k, str) and k.startswith(prefixes)
                and (but is None or but not in k)]:
        del state[key]


NO_BREAK = "\u00a0"


# A write refused because the game changed meanwhile, to say on the page redrawn from the file.
CHANGED_MEANWHILE = "changed_meanwhile"


def show_error(lang: str, error: sheet.ScoreError) -> None:
    st.error(ui.error_text(lang, error.code, error.params, markdown=True))


# Selectboxes and radios whose options are shown in words. After a language switch the
# browser keeps showing the chosen option's old words (a radio: none ticked), though the
# script sends the new ones (Streamlit 1.67; streamlit/streamlit#13788), until the script
# sets the value itself.
WORDED_CHOICES = ("ruleset", "phase_source", "phase_free", "phase_number", "chooser_",
                  "new_ruleset", "new_end", "new_order", "chosen_", "photo_source",
                  "opt_go_out", "new_going_out")


def first_index(key: str, index: int) -> int:
    """A selectbox's starting choice, until its own value is set (a language switch sets it):
    an index beside a set value only makes Streamlit warn."""
    return 0 if key in state else index


def keep_values(prefixes: tuple[str, ...], but: tuple[str, ...] = ()) -> None:
    """Keeps the values under keys starting with ``prefixes`` (and none of ``but``) of boxes
    this run does not draw: Streamlit forgets what an undrawn widget held. Set by the script,
    a value outlives its widget; ``restore_kept`` sends it to the browser once drawn again."""
    keep(key for key in list(state.keys())
         if isinstance(key, str) and key.startswith(prefixes) and not key.startswith(but))


# The keys ``keep`` kept in a run, set again by the next (``restore_kept``).
KEPT_KEYS = "kept_keys"


def keep(keys: Iterable[str]) -> None:
    """Keeps these boxes' values while the boxes are not drawn (``keep_values``)."""
    kept = set(state.get(KEPT_KEYS, ()))
    for key in keys:
        state[key] = state[key]
        kept.add(key)
    state[KEPT_KEYS] = kept


def restore_kept() -> None:
    """Sets again, before any box is drawn, the values kept in the last run: a value the
    script sets reaches the browser only in a run that draws its box, and a box drawn again
    showed its default while the page went on with the kept value (review, session 67).
    Only these: set in every run, a drawn box's value is sent anew each time, which took the
    keyboard's focus off the tab bar."""
    for key in state.pop(KEPT_KEYS, ()):
        if key in state:
            state[key] = state[key]


def relabel_choices() -> None:
    """Sets each worded choice's value to itself, so the browser shows it in the new
    language."""
    for key in list(state.keys()):
        if isinstance(key, str) and key.startswith(WORDED_CHOICES):
            state[key] = state[key]


# The page's tabs by name. Streamlit knows a tab by its words, which change with the language,
# and a tab container without a key by its place, which an error shown above it changes: the
# open tab is remembered by name and opened again whatever its words.
TAB_NAMES = ("tab_hand", "tab_scores")


def page_tabs(lang: str) -> Sequence[Any]:
    """The hand tab and the score-sheet tab, the one last opened open."""
    labels = [ui.text(lang, name) for name in TAB_NAMES]

    def remember() -> None:
        if state.get("tab") in labels:
            state.tab_name = TAB_NAMES[labels.index(state.tab)]

    # In the URL too (?tab=tab_scores, not its words), so that a reload opens the same tab.
    if "tab_name" not in state and st.query_params.get("tab") in TAB_NAMES:
        state.tab_name = st.query_params["tab"]
    opened = state.get("tab_name", TAB_NAMES[0])
    st.query_params["tab"] = opened
    # The default is part of the tab bar's identity (Streamlit 1.67): changed at each switch,
    # it made a new bar, which dropped the keyboard's focus to the page and closed every
    # open expander (accessibility audit, session 64). It changes with the language alone.
    if state.get("tab_default", ("", ""))[0] != lang:
        state.tab_default = (lang, opened)
    return st.tabs(labels, key="tab", default=ui.text(lang, state.tab_default[1]),
                   on_change=remember)


def choose_language() -> str:
    if "lang" not in state:
        wanted = st.query_params.get("lang", ui.DEFAULT_LANGUAGE)
        state.lang = wanted if wanted in ui.LANGUAGES else ui.DEFAULT_LANGUAGE
    lang = st.segmented_control(
        ui.text(state.lang, "language"), list(ui.LANGUAGES), key="lang", required=True,
        format_func=str.upper, label_visibility="collapsed", on_change=relabel_choices,
    ) or ui.DEFAULT_LANGUAGE
    st.query_params["lang"] = lang
    return lang


# The keys (or their beginnings) of the text boxes given max_chars: Streamlit counts the
# characters typed under them.
LIMITED_BOXES: Final = ("top_text", "skip_name_", "new_name")


def declare_language(lang: str) -> None:
    """Tells the browser, and so screen readers, the page's language: its <html> element says
    "en" whatever language the words are in, and German read with English rules is noise.
    Streamlit's own hint under a box being typed in, and its words in file boxes, are said in
    it too."""
    st.html(f"<script>document.documentElement.lang = {json.dumps(lang)};</script>"
            + chips.input_hint_css(lang, LIMITED_BOXES)
            + chips.uploader_css(lang, int(st.get_option("server.maxUploadSize"))),
            unsafe_allow_javascript=True)


def current_game_id() -> int:
    """This browser tab's game: kept in its session and its URL, so reloads keep it and two
    tabs never share it."""
    return int(state.get("game_id", NO_GAME))


def resume_game(store: sheet.Store | None) -> None:
    """On a tab's first run: the game in the URL, else the game played last if it is still
    being played (the app was closed and opened again); none for a shared link's hand, which
    carries its own rules."""
    if "game_id" in state:
        return
    raw = st.query_params.get("game", "")
    if raw.isascii() and raw.isdigit() and len(raw) <= 18:  # "²" passes isdigit, not int()
        select_game(int(raw))
        return
    if "hand" in st.query_params:
        # The newest game's rules (no skips, say) refused a shared hand with a Skip in it,
        # and advised otherwise than its sender was (audit, session 49). A tab showing a game
        # keeps it in the URL (select_game), so its reload is served above; a link, or a tab
        # with no game chosen, arrives here and stays without one.
        select_game(NO_GAME)
        return
    recent = store.list_games() if store is not None else ()
    select_game(recent[0].id if recent and not _finished(store, recent[0].id) else NO_GAME)


def _finished(store: sheet.Store | None, game_id: int) -> bool:
    """Whether a game is over: a finished one, opened again, had the Hand tab advise on its
    winner's "every phase done" (usability audit, session 54). A damaged one counts as not
    finished, so that it is chosen and says so, with its delete button."""
    try:
        return store is not None and sheet.standings(store.load_game(game_id)).over
    except sheet.ScoreError:  # StoreError too
        return False


def remember_declared(game_id: int, number: int, player: str, phase: int,
                      cards: tuple[str, ...]) -> None:
    """The phase the Hand tab declared for a score-sheet player of a free-choice game, in hand
    ``number`` (the next one to record), from these ``cards``: the hand after it starts
    afresh, and the same cards, left on the Hand tab, declare nothing for it (they did for
    every hand after, tabs audit, session 66)."""
    dealt = state.setdefault("declared_cards", {})
    first = dealt.get((game_id, player))
    if first is not None and first[1] == cards and first[0] < number:
        return  # an earlier deal's cards
    if first is None or first[1] != cards:
        dealt[(game_id, player)] = (number, cards)
    state.declared = {(game_id, number, player): phase, **{
        key: value for key, value in state.get("declared", {}).items()
        if key[:2] == (game_id, number) and key[2] != player}}


def declared_phase(game_id: int, number: int, player: str) -> int | None:
    """What ``remember_declared`` kept for this player of this game's hand, if anything."""
    phase = state.get("declared", {}).get((game_id, number, player))
    return phase if isinstance(phase, int) else None


def select_game(game_id: int) -> None:
    state.game_id = game_id
    if game_id == NO_GAME:
        st.query_params.pop("game", None)
    else:
        st.query_params["game"] = str(game_id)


def load_current(lang: str, store: sheet.Store | None) -> sheet.Game | None:
    game_id = current_game_id()
    if store is None or game_id == NO_GAME:
        return None
    try:
        return store.load_game(game_id)
    except sheet.StoreError as error:
        show_error(lang, error)
        if error.code == "game_damaged":  # kept chosen, so it can be deleted
            # Asked first, as any delete: the game's readable hands go with it.
            with st.expander(ui.text(lang, "delete_damaged", game=game_id)):
                confirmed = st.button(ui.text(lang, "confirm_delete"),
                                      key=f"delete_damaged_{game_id}")
            if confirmed:

                def delete() -> None:
                    store.delete_game(game_id)
                    select_game(NO_GAME)

                save(lang, delete, done="deleted")
        else:
            select_game(NO_GAME)
        return None


def read_once(lang: str, slot: str, data: bytes,
              rules: Ruleset) -> tuple[reading.Reading | None, str | None]:
    """Reads a photo once: the reading (or what was wrong) stays in this tab's session for
    the reruns that follow. Returns the reading (None after an error shown here) and, when it
    is new, the photo's digest (None when this photo was read before for these rules)."""
    digest = hashlib.sha256(data).hexdigest()  # once a run: a phone photo is megabytes
    # The deck and what it holds decide the reading (a classic game's 1 or 2 decks; a game
    # without skips, or with fewer jokers).
    fingerprint = (digest, rules.deck.value, deck_params(rules))
    memo: tuple[tuple[str, str, DecodeParams], reading.Reading | None,
                tuple[str, Exception] | None] | None
    memo = state.get(f"read_{slot}")
    fresh = memo is None or memo[0] != fingerprint
    if fresh:
        with st.spinner(ui.text(lang, "reading")):
            found, problem = read_photo(data, rules)
            memo = (fingerprint, found, problem)
        state[f"read_{slot}"] = memo
    assert memo is not None  # set just above when it was missing
    _, found, problem = memo
    if problem is not None:
        key, error = problem
        st.error(ui.text(lang, key, detail=problem_text(lang, error)))
    return found, digest if fresh else None


def release_uploads(file_ids: Iterable[str]) -> None:
    """Gives the server's memory back the files of uploaders no longer drawn (a saved hand's
    count box): the browser deletes a file only when its own box replaces or removes it, so
    the file stays until the tab is closed. Streamlit's chat input does the same."""
    if MemoryUploadedFileManager is None:
        return
    ctx = get_script_run_ctx()
    if ctx is None or not isinstance(ctx.uploaded_file_mgr, MemoryUploadedFileManager):
        return  # another store keeps its files its own way
    for file_id in file_ids:
        ctx.uploaded_file_mgr.remove_file(session_id=ctx.session_id, file_id=file_id)


def read_photo(data: bytes, rules: Ruleset) -> tuple[reading.Reading | None,
                                                     tuple[str, Exception] | None]:
    """The reading, or the string key of what went wrong and the error itself (worded in the
    language of the page when it is shown: the player may switch meanwhile)."""
    try:
        deck = rules.deck.value
        # The other deck is asked only when the photo looks like its cards: it reads all of
        # its own faces.
        other = DecodeParams(copies=rules.copies)
        return reading.read_photo(card_reader(deck, deck_params(rules)), data,
                                  lambda: card_reader(OTHER_DECK[deck], other)), None
    except ModelError as error:
        return None, ("no_model", error)
    except ImageError as error:
        return None, ("photo_error", error)


def show_reading(lang: str, found: reading.Reading,
                 laid: vision.LaidTable | None = None) -> None:
    """The photo as read, captioned with how many cards were read: to hold against the cards
    in front of the player, since a missed card is never flagged as unsure. With ``laid`` (a
    photo of the table) its groups are outlined, numbered as the box's lines."""
    count = len(found.detections)
    caption = ui.text(lang, "photo_caption_one") if count == 1 \
        else ui.text(lang, "photo_caption", count=count)
    alt = ui.text(lang, "photo_alt")
    # Numbers only for groups written into the box: a photo of which no group was written
    # said "each group is outlined with the number of its line" above an empty box.
    if laid is not None and laid.written:
        caption = f"{caption}. {ui.text(lang, 'table_photo_numbers')}"
        alt = ui.text(lang, "table_photo_alt")
    elif laid is not None and laid.left_out:
        caption = f"{caption}. {ui.text(lang, 'table_photo_marks')}"
    st.image(found.drawn(laid), width="stretch", output_format="JPEG",  # far quicker to send
             caption=caption, alt=alt)


def other_deck_warning(lang: str, rules: Ruleset, read_any: bool) -> None:
    """The photo looks like the other deck's cards than ``rules`` is played with; ``read_any``:
    some were read anyway (as this deck's cards, likely wrongly)."""
    said = ui.text(lang, f"looks_like_{OTHER_DECK[rules.deck.value]}",
                   rules=ui.text(lang, f"ruleset_{rules.name}"))
    st.warning(said + (" " + ui.text(lang, "looks_like_read") if read_any else ""))


# How each kind of message of a panel is shown; "bold" is a Markdown line.
_SHOWN: dict[Kind, Callable[[str], object]] = {
    "success": st.success, "info": st.info, "warning": st.warning, "error": st.error,
    "caption": st.caption, "bold": lambda said: st.markdown(f"**{said}**"),
    "heading": lambda said: st.subheader(said, anchor=False),
}


def show_blocks(lang: str, blocks: Iterable[Block]) -> None:
    """Draws a panel of `ui.panels` in order, as it was decided there."""
    t = partial(ui.text, lang)
    for block in blocks:
        match block:
            case Message():
                _SHOWN[block.kind](t(block.key, **block.fields))
            case Explanation():
                st.info(block.text if block.lead is None else f"**{t(block.lead)}:** {block.text}")
            case Groups():
                st.markdown(chips.groups_html(lang, block.groups, block.stands_for),
                            unsafe_allow_html=True)
            case Hit():
                st.markdown(f"**{t('hits')}** {chips.card_chip_html(lang, block.card)} "
                            f"{t('hit_on', group=block.group)}", unsafe_allow_html=True)
            case Discard():
                st.markdown(f"**{t('discard')}** {chips.card_chip_html(lang, block.card)}",
                            unsafe_allow_html=True)
            case Chart():
                _discard_chart(lang, block.rows)
            case OtherDeck():
                other_deck_warning(lang, block.rules, block.read_any)
            case _:
                assert_never(block)


def _discard_chart(lang: str, rows: Sequence[DiscardRow]) -> None:
    """Each discard's chance as a bar, and in words."""
    t = partial(ui.text, lang)
    chart = {t("chart_card"): [chips.card_text(row.card) for row in rows],
             t("chart_p2"): [round(100 * row.p2, 1) for row in rows]}
    st.bar_chart(chart, x=t("chart_card"), y=t("chart_p2"), horizontal=True, sort=False,
                 height=max(160, 34 * len(rows)))
    # The chart's figures as text too: a screen reader hears only its axis ticks. Each card
    # and its chance never part at a line's end: "Y6" closed one line and "29%" opened the
    # next, beside the card it was not for (visual audit).
    st.caption(", ".join(NO_BREAK.join((chips.card_text(row.card), *percent(row.p2, lang)
                                        .split(" "))) for row in rows))


def problem_text(lang: str, error: Exception) -> str:
    """A photo's problem in the player's words (``error.image_*``), else the error's own
    English sentence (a missing model, an uncoded problem)."""
    if isinstance(error, ImageError) and error.code is not None:
        return ui.error_text(lang, error.code, error.params, markdown=True)
    return ui.plain(str(error))


def save(lang: str, action: Callable[[], object], done: str = "saved",
         changed: Callable[[], None] | None = None) -> None:
    """Runs one store write; shows why it was refused, or confirms it and redraws the page.
    Refused because another window changed the game since this page read it: the page is
    redrawn from the file, saying so (``changed`` instead, when given, keeps what was typed)."""
    try:
        action()
    except sheet.ScoreError as error:
        if error.code == "game_changed":
            if changed is not None:
                changed()
            else:
                state[CHANGED_MEANWHILE] = (error.code, error.params)
            st.rerun()
        show_error(lang, error)
        return
    # This page's own write: the correction forms start again from the file, under new keys:
    # their widgets kept the values first shown, and saved them over another window's
    # correction made meanwhile, unsaid (sheet audit, session 67).
    for key in [str(k) for k in state if str(k).startswith("fix_shown_")]:
        slot = key.removeprefix("fix_shown_")
        state[f"fix_version_{slot}"] = state.get(f"fix_version_{slot}", 0) + 1
        del state[key]
    st.toast(ui.text(lang, done))
    st.rerun()
