"""The page's words and small pure helpers: strings in four languages, card chips, formatting.

Public API: `LANGUAGES`, `text`, `error_text`, `card_chips_html`, `format_points`.
"""

from ui.strings import DEFAULT_LANGUAGE, LANGUAGES, error_text, text

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "error_text", "text"]
