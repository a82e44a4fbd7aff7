"""PhaseLens: photograph your Phase 10 hand, check what was read, get the best play; keep score.

Run with `streamlit run app.py`. This file is only the frame of the page: the rules live in
`solver`, the card reader in `vision`, the score sheet in `scoresheet`, the two tabs, the words
and the view helpers in `ui`.
"""

from __future__ import annotations

import streamlit as st

import scoresheet as sheet
import ui
from ui.chips import CHIP_CSS
from ui.page_common import (
    choose_language,
    declare_language,
    load_current,
    open_store,
    page_tabs,
    restore_kept,
    resume_game,
    show_error,
)
from ui.page_hand import hand_tab
from ui.page_sheet import sheet_tab

st.set_page_config(page_title="PhaseLens", page_icon="🃏", layout="centered")


def main() -> None:
    restore_kept()  # before any box is drawn
    st.markdown(CHIP_CSS, unsafe_allow_html=True)
    lang = choose_language()
    declare_language(lang)
    st.title("🃏 " + ui.text(lang, "title"), anchor=False)
    st.caption(ui.text(lang, "subtitle"))
    store = open_store(lang)
    try:
        resume_game(store)
    except sheet.StoreError as error:
        show_error(lang, error)
    game = load_current(lang, store)
    hand, scores = page_tabs(lang)
    with hand:
        hand_tab(lang, game)
    with scores:
        sheet_tab(lang, store, game)


main()
