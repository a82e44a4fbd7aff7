"""SQLite storage for score sheets: several games, each hand committed on its own.

Why it is built this way:
* write-ahead log + `synchronous=FULL`: a hand whose save returned survives the process being
  killed (or the machine losing power) right after;
* one short-lived connection per operation: Streamlit serves each browser tab from its own
  thread, and sqlite3 connections must not cross threads;
* every write is one `BEGIN IMMEDIATE` transaction that re-reads the game, validates with the
  pure rules in `scoresheet.game` and only then writes, so two tabs never interleave half-saves;
* a file that is not one of our databases is reported and never written to;
* a file in a folder we cannot write (a read-only mount, a shared backup) is opened read-only
  and immutable: a write-ahead-log database otherwise needs its -shm file beside it even to be
  read, so it could not be listed at all.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scoresheet import game as rules
from scoresheet.codec import hand_from_data, hand_to_data, rules_from_data, rules_to_data
from scoresheet.errors import ScoreError, StoreError
from scoresheet.game import Game, Hand

SCHEMA_VERSION = 1
APPLICATION_ID = 0x50484C53  # "PHLS": marks the file as ours, so a foreign DB is never altered
DEFAULT_TIMEOUT_S = 3.0

_SCHEMA = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    players TEXT NOT NULL,
    rules TEXT NOT NULL,
    first_dealer INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);
CREATE TABLE hands (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, number)
);
"""
# Hands removed with "undo", kept to be put back (``Store.undone_hand``): a tap too many must
# not lose a recorded hand, not even when the phone reloads the page (browser audit, session
# 63: the page kept them in the browser tab's session alone). A file made before gets the
# table when first opened for writing; a reader without it passes it over.
_UNDONE_SCHEMA = """
CREATE TABLE IF NOT EXISTS undone (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    place INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, place)
)
"""
# The ids of deleted games, never given again: SQLite hands the highest id out anew once its
# game is deleted, and a phone still showing the deleted game then saved its hand onto the new
# one's players, seat by seat, or deleted the new game (durability audit, session 65).
_RETIRED_SCHEMA = """
CREATE TABLE IF NOT EXISTS retired_games (id INTEGER PRIMARY KEY)
"""
_ADDED_TABLES = {"undone": _UNDONE_SCHEMA, "retired_games": _RETIRED_SCHEMA}


_NO_ROOM = frozenset({"SQLITE_FULL", "SQLITE_IOERR_SHMSIZE"})
_ROOM_NEEDED = 1 << 20  # a write's journal and -shm, with room to spare


def _room_left(folder: Path) -> int:
    try:
        return shutil.disk_usage(folder).free
    except OSError:
        return _ROOM_NEEDED  # unknown: not said to be full


def default_db_path() -> Path:
    """`$PHASELENS_DB`, else `$XDG_DATA_HOME/phaselens/scores.sqlite3` (~/.local/share)."""
    configured = os.environ.get("PHASELENS_DB", "").strip()
    if configured:
        try:
            return Path(configured).expanduser()
        except RuntimeError:  # "~nobody/...": said when it is opened (`score_path`)
            return Path(configured)
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    base = Path(data_home) if data_home else Path.home() / ".local" / "share"
    return base / "phaselens" / "scores.sqlite3"


def score_path(raw: str | os.PathLike[str]) -> Path:
    r"""`raw` with its "~" expanded, once the system can look it up: a StoreError
    (``db_home``, ``db_path``) for a home folder of no such user, a name too long, a NUL or a
    folder that may not be searched, each a traceback before (security audit, session 64).

    >>> score_path("~nobody-at-all/scores.sqlite3")
    Traceback (most recent call last):
    scoresheet.errors.StoreError: db_home (path='~nobody-at-all/...', user='nobody-at-all')
    >>> score_path("/tmp/" + "x" * 300)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    scoresheet.errors.StoreError: db_path (path='/tmp/xxx...', reason='File name too long')
    >>> score_path("/tmp/a\0b")
    Traceback (most recent call last):
    scoresheet.errors.StoreError: db_path (path='/tmp/a\\0b', reason='NUL (\\0)')
    """
    text = os.fspath(raw)
    if "\0" in text:  # which no path may hold (exists() only answers False)
        raise StoreError("db_path", path=text.replace("\0", "\\0"), reason="NUL (\\0)")
    try:
        path = Path(text).expanduser()
        path.exists()
    except RuntimeError:
        raise StoreError("db_home", path=text, user=text[1:].split("/")[0]) from None
    except OSError as error:
        raise StoreError("db_path", path=text, reason=error.strerror or str(error)) from None
    return path


@dataclass(frozen=True)
class GameSummary:
    id: int
    name: str
    players: tuple[str, ...]
    hands: int
    updated: str
    created: str = ""  # when the game was started (ISO 8601, UTC)


class Store:
    """The score database at `path` (default: `default_db_path()`)."""

    def __init__(self, path: str | os.PathLike[str] | None = None,
                 timeout_s: float = DEFAULT_TIMEOUT_S) -> None:
        self.path = score_path(path if path else default_db_path())
        self.timeout_s = timeout_s
        self.read_only = False
        self._copy: Path | None = None  # see `_read_only_uri`
        self._prepare()

    # --- reading ---------------------------------------------------------------------------
    def list_games(self) -> tuple[GameSummary, ...]:
        """Every game, last changed first; a game whose players cannot be read is listed
        without them (choosing it says it is damaged)."""
        with self._connection() as db:
            rows = db.execute(
                "SELECT g.id, g.name, g.players, g.updated, COUNT(h.number), g.created "
                "FROM games g LEFT JOIN hands h ON h.game_id = g.id GROUP BY g.id "
                "ORDER BY g.updated DESC, g.id DESC"
            ).fetchall()
        return tuple(
            GameSummary(id=r[0], name=str(r[1]), players=self._players_or_none(r[2]),
                        hands=r[4], updated=str(r[3]), created=str(r[5]))
            for r in rows
        )

    def _players_or_none(self, text: str) -> tuple[str, ...]:
        try:
            return _names(self._decode(text))
        except (StoreError, TypeError):
            return ()

    def load_game(self, game_id: int) -> Game:
        with self._connection() as db:
            return self._read_game(db, game_id)

    def undone_hand(self, game_id: int) -> Hand | None:
        """The hand "undo" removed last that can be put back now (`put_back_hand`): removed
        as the hand after the game's last, and since then no hand recorded in its place nor
        an earlier one corrected (which may make an ordinary hand of a play-off, or one of an
        ordinary hand). None in a file opened read-only, which may lack the table."""
        if self.read_only:
            return None
        with self._connection() as db:
            row = db.execute(
                "SELECT data FROM undone WHERE game_id = ? AND place = (SELECT COUNT(*) + 1 "
                "FROM hands WHERE game_id = ?)", (game_id, game_id)).fetchone()
            if row is None:
                return None
            game = self._read_game(db, game_id)
        try:
            hand = hand_from_data(self._decode(row[0]))
            rules.add_hand(game, hand, typed=False)  # one that no longer fits offers nothing
        except (ScoreError, StoreError, KeyError, ValueError, TypeError, AttributeError,
                OverflowError, IndexError):
            return None  # a damaged row costs only the putting back
        return hand

    # --- writing ---------------------------------------------------------------------------
    def create_game(self, game: Game) -> int:
        """Stores `game` (with any hands it already has) and returns its id."""
        rules.standings(game)  # refuse an invalid game before touching the file
        now = _now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO games (id, name, players, rules, first_dealer, created, updated) "
                "VALUES ((SELECT COALESCE(MAX(id), 0) + 1 FROM (SELECT id FROM games UNION ALL "
                "SELECT id FROM retired_games)), ?, ?, ?, ?, ?, ?)",
                (game.name, json.dumps(list(game.players)), json.dumps(rules_to_data(game.rules)),
                 game.first_dealer, now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None  # an INSERT into a rowid table always sets it
            db.executemany(
                "INSERT INTO hands (game_id, number, data) VALUES (?, ?, ?)",
                [(game_id, n, json.dumps(hand_to_data(h))) for n, h in enumerate(game.hands, 1)],
            )
        return game_id

    def add_hand(self, game_id: int, hand: Hand, *, typed: bool = True,
                 number: int | None = None) -> Game:
        """Appends `hand` (``typed=False``: a stored hand put back; see `game.add_hand`) as hand
        `number` when given: the number the player saw, refused (``game_changed``) once another
        window has recorded or removed a hand meanwhile."""
        with self._transaction() as db:
            game = self._read_game(db, game_id)
            self._expect(game_id, game, number is None or number == len(game.hands) + 1)
            return self._append(db, game_id, game, hand, typed)

    def put_back_hand(self, game_id: int, number: int, *, was: Hand | None = None) -> Game:
        """Puts back the hand `undone_hand` offers as hand `number` (with `was`, only while
        that is the hand it offers), refused (``game_changed``) once another window has
        recorded, removed or put back a hand or corrected one meanwhile."""
        with self._transaction() as db:
            game = self._read_game(db, game_id)
            row = db.execute("SELECT data FROM undone WHERE game_id = ? AND place = ?",
                             (game_id, number)).fetchone()
            hand = None if row is None else hand_from_data(self._decode(row[0]))
            self._expect(game_id, game, hand is not None and number == len(game.hands) + 1
                         and (was is None or hand == was))
            assert hand is not None  # refused just above when missing
            return self._append(db, game_id, game, hand, typed=False)

    def _append(self, db: sqlite3.Connection, game_id: int, game: Game, hand: Hand,
                typed: bool) -> Game:
        updated = rules.add_hand(game, hand, typed=typed)
        # The hand as the game holds it: a typed classic hand drops its "went out" mark, which
        # stored would replay by the rules of old (fuzz audit, session 65).
        db.execute(
            "INSERT INTO hands (game_id, number, data) VALUES (?, (SELECT COALESCE(MAX("
            "number), 0) + 1 FROM hands WHERE game_id = ?), ?)",
            (game_id, game_id, json.dumps(hand_to_data(updated.hands[-1]))),
        )
        # Removed hands are kept by their place in the game (a file's hand numbers may have
        # gaps). A hand in a removed one's place: that one and those removed after it go for
        # good; a hand put back leaves those removed before it, to go back after it.
        db.execute("DELETE FROM undone WHERE game_id = ? AND place >= ?"
                   if typed else "DELETE FROM undone WHERE game_id = ? AND place = ?",
                   (game_id, len(game.hands) + 1))
        self._touch(db, game_id)
        return updated

    def replace_hand(self, game_id: int, index: int, hand: Hand, *,
                     was: Hand | None = None) -> Game:
        """Corrects hand `index` (0-based); with `was`, only while it still holds that (another
        window may have corrected it meanwhile: ``game_changed``)."""
        with self._transaction() as db:
            game = self._read_game(db, game_id)
            self._expect(game_id, game, was is None or (
                index < len(game.hands) and game.hands[index] == was))
            updated = rules.replace_hand(game, index, hand)
            db.execute(
                "UPDATE hands SET data = ? WHERE game_id = ? AND number = (SELECT number FROM "
                "hands WHERE game_id = ? ORDER BY number LIMIT 1 OFFSET ?)",
                (json.dumps(hand_to_data(updated.hands[index])), game_id, game_id, index),
            )
            db.execute("DELETE FROM undone WHERE game_id = ?", (game_id,))
            self._touch(db, game_id)
        return updated

    def undo_hand(self, game_id: int, *, number: int | None = None,
                  was: Hand | None = None) -> Game:
        """Removes the last hand; with `number` (and `was`), only while that is still the last
        one (and holds that): the player confirmed removing hand 2 as shown, not a hand 3
        another window saved meanwhile, nor its correction (put back, it would come back old)."""
        with self._transaction() as db:
            current = self._read_game(db, game_id)
            self._expect(game_id, current, (number is None or number == len(current.hands))
                         and (was is None or current.hands[-1:] == (was,)))
            updated = rules.undo_hand(current)
            db.execute(
                "DELETE FROM hands WHERE game_id = ? AND number = (SELECT MAX(number) FROM "
                "hands WHERE game_id = ?)",
                (game_id, game_id),
            )
            db.execute("INSERT OR REPLACE INTO undone (game_id, place, data) VALUES (?, ?, ?)",
                       (game_id, len(current.hands), json.dumps(hand_to_data(current.hands[-1]))))
            self._touch(db, game_id)
        return updated

    def delete_game(self, game_id: int) -> None:
        """Deletes the game, a damaged one too."""
        with self._transaction() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                raise StoreError("game_missing", game=game_id)
            db.execute("DELETE FROM hands WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM undone WHERE game_id = ?", (game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
            db.execute("INSERT OR IGNORE INTO retired_games (id) VALUES (?)", (game_id,))

    # --- internals -------------------------------------------------------------------------
    def _prepare(self) -> None:
        """Creates the schema in a new/empty file; checks an existing file is ours and sound."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError("db_io", path=str(self.path), reason=error.strerror) from error
        if self.path.is_dir():
            raise StoreError("db_folder", path=str(self.path))
        # A write-protected file or folder (a read-only mount) is read, said up front, and
        # never written: SQLite would only fail at the first save, in its own words.
        self.read_only = self.path.is_file() and not (
            os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK))
        with self._connection() as db:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            app_id = db.execute("PRAGMA application_id").fetchone()[0]
            has_tables = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0] > 0
            if version == 0 and app_id == 0 and not has_tables:
                self._create_schema(db)
                return
            if app_id != APPLICATION_ID:
                raise StoreError("db_corrupt", path=str(self.path))
            if version > SCHEMA_VERSION:
                raise StoreError("db_newer", path=str(self.path), found=version)
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise StoreError("db_corrupt", path=str(self.path))
            if self.read_only:
                return
            for table, schema in _ADDED_TABLES.items():
                if db.execute("SELECT 1 FROM sqlite_master WHERE name = ?",
                              (table,)).fetchone() is None:
                    db.execute(schema)  # one statement: a transaction of its own

    def _create_schema(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        try:
            # Re-check inside the lock: another process may have created it meanwhile.
            if db.execute("PRAGMA application_id").fetchone()[0] == 0:
                # Statement by statement: executescript() would commit our open transaction.
                for statement in [*_SCHEMA.split(";"), *_ADDED_TABLES.values()]:
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        db: sqlite3.Connection | None = None
        try:
            if self.read_only:
                db = sqlite3.connect(self._read_only_uri(), timeout=self.timeout_s,
                                     isolation_level=None, uri=True)
            else:
                db = sqlite3.connect(self.path, timeout=self.timeout_s, isolation_level=None)
            db.execute("PRAGMA foreign_keys = ON")
            db.execute("PRAGMA synchronous = FULL")
            yield db
        except sqlite3.Error as error:
            raise self._explain(error) from error
        finally:
            if db is not None:
                db.close()

    def _read_only_uri(self) -> str:
        # Immutable skips the locks and the -shm file nobody can create here; a left-over
        # -wal file holds saved hands, so then only plain read-only mode reads them too.
        wal = self.path.with_name(self.path.name + "-wal")
        has_log = wal.is_file() and wal.stat().st_size > 0
        if not has_log:
            return self.path.resolve().as_uri() + "?mode=ro&immutable=1"
        shm = self.path.with_name(self.path.name + "-shm")
        if shm.exists() or os.access(self.path.parent, os.W_OK):
            return self.path.resolve().as_uri() + "?mode=ro"
        # The log is read through a -shm file, which this folder cannot take: the file with
        # its log copied was "unable to open" (security audit, session 64).
        if self._copy is None:
            folder = Path(tempfile.mkdtemp(prefix="phaselens-read-only-"))
            weakref.finalize(self, shutil.rmtree, folder, True)
            copy = folder / self.path.name
            try:
                shutil.copyfile(self.path, copy)
                shutil.copyfile(wal, folder / wal.name)
            except OSError as error:
                raise StoreError("db_io", path=str(self.path),
                                 reason=error.strerror or str(error)) from error
            self._copy = copy
        return self._copy.as_uri() + "?mode=ro"

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        if self.read_only:
            raise StoreError("db_read_only", path=str(self.path))
        with self._connection() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _explain(self, error: sqlite3.Error) -> StoreError:
        message = str(error).lower()
        path = str(self.path)
        if "locked" in message or "busy" in message:
            return StoreError("db_locked", path=path)
        if isinstance(error, sqlite3.DatabaseError) and (
            "not a database" in message or "malformed" in message or "corrupt" in message
            or "no such table" in message
        ):
            return StoreError("db_corrupt", path=path)
        # SQLite cannot even open a file in WAL mode without room for its 32 KB -shm: on a
        # full disk every open was "disk I/O error" (durability audit, session 65).
        if "full" in message or getattr(error, "sqlite_errorname", "") in _NO_ROOM or (
                "disk i/o" in message and _room_left(self.path.parent) < _ROOM_NEEDED):
            return StoreError("db_full", path=path)
        if "readonly" in message or "read-only" in message:
            return StoreError("db_read_only", path=path)
        return StoreError("db_io", path=path, reason=str(error))

    def _read_game(self, db: sqlite3.Connection, game_id: int) -> Game:
        row = db.execute(
            "SELECT name, players, rules, first_dealer FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise StoreError("game_missing", game=game_id)
        hand_rows = db.execute(
            "SELECT data FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
        ).fetchall()
        try:
            game = Game(
                name=str(row[0]),
                players=_names(self._decode(row[1])),
                rules=rules_from_data(self._decode(row[2])),
                first_dealer=row[3],
                hands=tuple(hand_from_data(self._decode(h[0])) for h in hand_rows),
            )
            _check_dealer(game)
            # Replayed as the page and the CLI will: a hand of 7 points or a phase 99 read
            # from the file is damage, said here, not a traceback later.
            rules.standings(game)
            return game
        except ScoreError as error:
            raise StoreError("game_damaged", game=game_id, path=str(self.path)) from error
        except (KeyError, ValueError, TypeError, AttributeError, OverflowError,
                IndexError) as error:
            # One damaged row: the other games stay readable, and this one can be deleted.
            raise StoreError("game_damaged", game=game_id, path=str(self.path)) from error

    def _decode(self, text: str) -> Any:
        try:
            return json.loads(text)
        except (TypeError, ValueError) as error:
            raise StoreError("db_corrupt", path=str(self.path)) from error

    @staticmethod
    def _expect(game_id: int, game: Game, holds: bool) -> None:
        if not holds:
            raise StoreError("game_changed", game=game_id, hands=len(game.hands))

    @staticmethod
    def _touch(db: sqlite3.Connection, game_id: int) -> None:
        db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))


def _names(players: Any) -> tuple[str, ...]:
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise TypeError("players must be a list of names")
    return tuple(players)


def _check_dealer(game: Game) -> None:
    """Raises ValueError when a stored game's first dealer is none of its players (the hands
    are checked by replaying them)."""
    if not isinstance(game.first_dealer, int) or not 0 <= game.first_dealer < len(game.players):
        raise ValueError("the first dealer is not a player")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")
