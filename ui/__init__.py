"""Everything the page shows, apart from its frame in app.py.

Pure helpers: `strings` (every word, in four languages), `chips` (cards as coloured chips),
`phases` (phases in words), `howto` (how a ruleset is played, in words), `sheet` (score-sheet
rows and sentences), `advice` (page choices -> solver -> what the advice panel shows),
`panels` (what the advice panel and the count panel say, as blocks the page draws).
Streamlit-free but not pure: `reading` (photo -> card reader -> picture with boxes).
Streamlit views: `page_common` (session, resources, drawing a panel), `page_hand` and
`page_sheet` (the tabs).
`sheet_cli`: the score file's command line, `python -m scoresheet` (ui imports scoresheet,
never the other way).

Public API here: `LANGUAGES`, `DEFAULT_LANGUAGE`, `text`, `error_text`, `plain`;
`python -m ui --help`.
"""

from ui.strings import DEFAULT_LANGUAGE, LANGUAGES, error_text, plain, text

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "error_text", "plain", "text"]
