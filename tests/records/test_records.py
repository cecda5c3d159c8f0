"""The games database (mahjong_records): record audited logs, rebuild the index from the logs alone, standings
per ruleset with ratings and the champions' tables of 000 line 289, and the EMA results export.

Every database test runs twice: against a SQLite file and against a real PostgreSQL server, a throwaway cluster
this module starts (tests/postgres.py) and stops at the end of the session.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from postgres import Cluster

from mahjong_core.audit.report import deal_reports
from mahjong_core.cli import main
from mahjong_core.cli.render.standings import standings_text
from mahjong_core.log.format import read_log
from mahjong_records.db import RecordsError, migrate, open_db, parse_url
from mahjong_records.export import SCORE_COLUMNS, ema_csv, results, sheet_results, table_points
from mahjong_records.extract import place, unique_names
from mahjong_records.schema import metadata
from mahjong_records.standings import champions, standings
from mahjong_records.store import dump, rebuild, record_log

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "replays"
#: Cheap golden logs of four rulesets, Piter (pair play) among them.
LOGS = [GOLDEN / f"{r}-seed20261130.jsonl" for r in ("mcr", "piter", "harbin", "hongkong")]


@pytest.fixture(scope="session")
def cluster() -> Iterator[Cluster]:
    pg = Cluster()
    try:
        yield pg
    finally:
        pg.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'records.sqlite'}"
    url: str = request.getfixturevalue("cluster").database()
    return url


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()  # what came before (a simulation's lines) is not this command's answer
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def simulate(out: Path, ruleset: str, seed: int, games: int, *extra: str) -> list[Path]:
    assert main(["simulate", "--ruleset", ruleset, "--seed", str(seed), "--games", str(games), "--out", str(out),
                 *extra]) == 0
    return sorted(out.glob("*.jsonl"))


# ---------------------------------------------------------------------------------------------------- the schema


def test_the_migrations_make_exactly_the_tables_the_code_declares(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    database = open_db(db_url)
    with database.engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), metadata)
    assert differences == []
    assert migrate(database) == "0002"  # opening migrated it; a second migration has nothing to do
    with database.begin() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0002"


def test_records_migrate_reports_the_revision(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run_cli(capsys, "records", "migrate", "--db", str(tmp_path / "club.sqlite"), "--json")
    assert code == 0 and json.loads(out)["revision"] == "0002"
    assert (tmp_path / "club.sqlite").exists()


# ---------------------------------------------------------------------------------------------------- recording


def test_a_recorded_log_holds_what_the_log_says(db_url: str) -> None:
    """Each game's final scores, each deal's winner, scores and payments equal the log's own."""
    database = open_db(db_url)
    for path in LOGS:
        assert record_log(database, path).status == "recorded"
    rows = dump(database)
    assert len(rows["games"]) == len(LOGS)
    for path in LOGS:
        log = read_log(path)
        sha = record_log(database, path).sha256  # already recorded: the same SHA-256, nothing written
        assert record_log(database, path).status == "already recorded"
        end = log.events[-1]
        seats = [r for r in rows["game_seats"] if r[0] == sha]
        assert [r[5] for r in seats] == end["scores"]
        assert [r[2] for r in seats] == [s["name"] for s in log.header["seats"]]
        game = next(g for g in rows["games"] if g[0] == sha)
        assert game[1] == str(path.resolve())
        assert game[2] == (log.header["ruleset"]["id"], log.header["ruleset"]["version"],
                           log.header["ruleset"]["sha256"])
        assert json.loads(game[6]) == log.header["teams"]
        reports = deal_reports(log)
        deals = [d for d in rows["deals"] if d[0] == sha]
        assert [(d[1], d[5], d[6]) for d in deals] == [(r.deal, r.outcome, r.winner) for r in reports]
        paid = [p[1:] for p in rows["payments"] if p[0] == sha]
        assert paid == [(r.deal, n, *p) for r in reports for n, p in enumerate(map(tuple, r.payments))]
        last = max(d[1] for d in deals)
        totals = [s[5] for s in rows["deal_scores"] if s[0] == sha and s[1] == last]
        assert totals == end["scores"]
        changes = [sum(s[4] for s in rows["deal_scores"] if s[0] == sha and s[2] == seat) for seat in range(4)]
        assert changes == end["scores"]
    assert len(dump(database)["games"]) == len(LOGS)


def test_a_tampered_log_is_refused_with_the_audits_message(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          db_url: str) -> None:
    lines = LOGS[0].read_text(encoding="utf-8").splitlines(keepends=True)
    lines[20] = lines[20].replace('"t":', '"t":1', 1)
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("".join(lines), encoding="utf-8")
    code, out, err = run_cli(capsys, "records", "add", str(bad), str(LOGS[1]), "--db", db_url)
    assert code == 1
    refusal = [line for line in err.splitlines() if line.strip()]
    assert len(refusal) == 1 and refusal[0].startswith(f"{bad}::line ")
    assert "audit FAILED" in refusal[0] and "not recorded" in refusal[0]
    assert "Traceback" not in err
    assert "2 logs: 1 recorded, 0 already recorded, 1 refused" in out
    assert [g[1] for g in dump(open_db(db_url))["games"]] == [str(LOGS[1].resolve())]


def test_rebuilding_from_the_logs_gives_the_same_index_as_recording_them_one_by_one(tmp_path: Path,
                                                                                   db_url: str) -> None:
    """Games recorded as they were played (simulate --store), then logs added by hand, in another order."""
    folder = tmp_path / "logs"
    stored = f"sqlite:///{tmp_path / 'incremental.sqlite'}" if db_url.startswith("sqlite") else db_url
    simulate(folder / "mcr", "mcr", 5, 2, "--max-deals", "3", "--store", "--db", stored)
    simulate(folder / "piter", "piter", 5, 2, "--max-deals", "3", "--store", "--db", stored)
    for path in reversed(LOGS[:2]):
        shutil.copy(path, folder / path.name)
        assert record_log(open_db(stored), folder / path.name).status == "recorded"
    incremental = dump(open_db(stored))
    assert len(incremental["games"]) == 6
    other = f"sqlite:///{tmp_path / 'rebuilt.sqlite'}"
    rebuilt = open_db(other)
    record_log(rebuilt, LOGS[2])  # a game whose log is not in the folder: a rebuild forgets it
    done = rebuild(rebuilt, [folder])
    assert [r.status for r in done] == ["recorded"] * 6
    assert dump(rebuilt) == incremental
    assert [s.to_json() for s in standings(rebuilt, "piter")] == [s.to_json() for s in
                                                                   standings(open_db(stored), "piter")]
    again = rebuild(open_db(stored), [folder])  # in place, on the database itself
    assert len(again) == 6 and dump(open_db(stored)) == incremental


def test_rebuild_reports_a_failing_log_and_records_the_rest(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(LOGS[0], folder / "good.jsonl")
    (folder / "cut.jsonl").write_text(LOGS[1].read_text(encoding="utf-8")[:5000], encoding="utf-8")
    code, out, err = run_cli(capsys, "records", "rebuild", str(folder), "--db", str(tmp_path / "r.sqlite"))
    assert code == 1
    assert "cut.jsonl" in err and "not recorded" in err and "Traceback" not in err
    assert "2 logs: 1 recorded, 0 already recorded, 1 refused" in out


# ---------------------------------------------------------------------------------------------------- standings


def test_standings_are_kept_per_ruleset_and_per_house_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                          db_url: str) -> None:
    """Two house-rule files with one id and different values have separate tables (000 line 304)."""
    for n, limit in enumerate((1500, 2000)):
        rule = tmp_path / f"club{n}.yaml"
        rule.write_text("id: club_shanghai\nversion: 1.0.0\nname: Club Shanghai\nextends: shanghai\nparameters:\n"
                        f"  usual_limit: {{value: {limit}, assumption: \"the club's minutes\"}}\n", encoding="utf-8")
        simulate(tmp_path / f"out{n}", str(rule), 1, 1, "--max-deals", "2", "--store", "--db", db_url)
    simulate(tmp_path / "plain", "shanghai", 1, 1, "--max-deals", "2", "--store", "--db", db_url)
    code, out, _ = run_cli(capsys, "standings", "--ruleset", "club_shanghai", "--db", db_url, "--json")
    assert code == 0
    tables = json.loads(out)["tables"]
    assert len(tables) == 2 and len({t["ruleset"]["sha256"] for t in tables}) == 2
    assert all(t["ruleset"]["house_rule"] and t["games"] == 1 for t in tables)
    code, out, _ = run_cli(capsys, "standings", "--ruleset", "shanghai", "--db", db_url, "--json")
    (plain,) = json.loads(out)["tables"]
    assert not plain["ruleset"]["house_rule"] and plain["games"] == 1
    with open_db(db_url).begin() as conn:
        documents = conn.exec_driver_sql("SELECT document FROM rulesets WHERE ruleset_id = 'club_shanghai'")
        assert sorted("usual_limit: {value: 1500" in d for (d,) in documents) == [False, True]


def test_ratings_do_not_depend_on_the_order_games_were_recorded_in(tmp_path: Path) -> None:
    logs = simulate(tmp_path / "logs", "hongkong", 11, 4, "--max-deals", "2")
    first, second = open_db(str(tmp_path / "a.sqlite")), open_db(str(tmp_path / "b.sqlite"))
    for path in logs:
        record_log(first, path)
    for path in reversed(logs):
        record_log(second, path)
    a, b = standings(first, "hongkong"), standings(second, "hongkong")
    assert [t.to_json() for t in a] == [t.to_json() for t in b]
    (table,) = a
    assert table.games == 4 and {p.games for p in table.players} == {4}
    assert len({p.rating for p in table.players}) > 1  # the games told the players apart
    finals = [read_log(path).events[-1]["scores"] for path in logs]
    assert {p.name: p.score for p in table.players} == {
        f"greedy-{seat}": sum(f[seat] for f in finals) for seat in range(4)}
    best = max(table.players, key=lambda p: p.rating)
    assert table.players[0] == best


def test_pair_play_rates_pairs_from_the_headers_teams(db_url: str) -> None:
    database = open_db(db_url)
    record_log(database, GOLDEN / "piter-seed20261130.jsonl")
    (table,) = standings(database, "piter")
    assert table.pair_play
    header = read_log(GOLDEN / "piter-seed20261130.jsonl").header
    names = [s["name"] for s in header["seats"]]
    assert sorted(p.pair for p in table.pairs) == sorted(sorted(names[s] for s in team) for team in header["teams"])
    winners, losers = sorted(table.pairs, key=lambda p: -p.score)
    assert winners.score == -losers.score > 0 and winners.rating > losers.rating
    partners = {p.name: p for p in table.players}
    for pair in table.pairs:  # partners share their pair's result, so their ratings move together
        assert partners[pair.pair[0]].mu == partners[pair.pair[1]].mu
    assert "pairs" in table.to_json()
    assert record_log(database, LOGS[0]).status == "recorded"
    (solo,) = standings(database, "mcr")
    assert not solo.pair_play and "pairs" not in solo.to_json()


def test_the_champions_tables_follow_000_line_289(tmp_path: Path, db_url: str) -> None:
    """Full Games (four rounds) enter the ten best results; players who have played none are in the preliminary
    table in ascending order of cumulative winnings; the lowest is the candidate for elimination."""
    database = open_db(db_url)
    full = simulate(tmp_path / "full", "mcr", 1, 1)  # a whole game: four rounds
    short = simulate(tmp_path / "short", "mcr", 2, 1, "--max-deals", "3", "--bots", "random")
    for path in full + short:
        assert record_log(database, path).status == "recorded"
    (table,) = standings(database, "mcr")
    c = table.champions
    assert c["source"] == "000 line 289"
    end = read_log(full[0]).events[-1]
    assert [e["result"] for e in c["best"]] == sorted(end["scores"], reverse=True)
    assert [e["place"] for e in c["best"]] == [1, 2, 3, 4]
    short_header = read_log(short[0]).header
    assert {e["name"] for e in c["preliminary"]} == {s["name"] for s in short_header["seats"]} - {
        s["name"] for s in read_log(full[0]).header["seats"]}
    scores = [e["score"] for e in c["preliminary"]]
    assert scores == sorted(scores)
    lowest = min(p.score for p in table.players)
    assert c["elimination_candidates"] == sorted(p.name for p in table.players if p.score == lowest)


def test_the_best_results_are_the_top_ten_and_a_name_may_stand_there_twice() -> None:
    entries = [{"name": f"p{k % 3}", "result": 100 - k, "log_sha256": f"{k:064x}"} for k in range(14)]
    c = champions([], entries)
    assert [e["result"] for e in c["best"]] == list(range(100, 90, -1))
    assert [e["name"] for e in c["best"]][:4] == ["p0", "p1", "p2", "p0"]


def test_unknown_and_empty_rulesets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite")
    code, out, err = run_cli(capsys, "standings", "--ruleset", "shangai", "--db", db)
    assert code == 2 and err.count("\n") == 1
    assert "unknown ruleset 'shangai' (did you mean 'shanghai'?)" in err and "Traceback" not in err
    code, out, err = run_cli(capsys, "standings", "--ruleset", "harbin", "--db", db)
    assert code == 0 and out.strip() == "no games recorded under harbin"
    code, out, _ = run_cli(capsys, "standings", "--ruleset", "nope", "--db", db, "--json")
    assert code == 2 and json.loads(out)["place"] == "--ruleset"


def test_live_table_names_are_told_apart_by_seat() -> None:
    seats = [{"seat": 0, "name": "ann", "kind": "human"}] + [{"seat": n, "name": "greedy", "kind": "greedy"}
                                                             for n in (1, 2, 3)]
    assert unique_names(seats) == {0: "ann", 1: "greedy (seat 1)", 2: "greedy (seat 2)", 3: "greedy (seat 3)"}
    assert [place([5, 9, 5, -19], s) for s in (5, 9, 5, -19)] == [2, 1, 2, 4]


# ---------------------------------------------------------------------------------------------------- export


def test_table_points_share_tied_places() -> None:
    assert table_points([30, -10, 5, -25]) == [4, 1, 2, 0]
    assert table_points([10, 10, 0, -20]) == [3, 3, 1, 0]
    assert table_points([0, 0, 0, 0]) == [Fraction(7, 4)] * 4
    with pytest.raises(RecordsError, match="tables of 4"):
        table_points([1, 2, 3])


def test_the_ema_export_ranks_by_table_points_then_score(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                         db_url: str) -> None:
    logs = simulate(tmp_path / "t", "mcr", 21, 3, "--max-deals", "2")
    database = open_db(db_url)
    for path in logs:
        record_log(database, path)
    players = tmp_path / "players.csv"
    players.write_text("name,country,ema_number\ngreedy-0,FRA,04000001\n", encoding="utf-8")
    out_file = tmp_path / "results.csv"
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "mcr", "--format", "ema-csv", "--db", db_url,
                           "--players", str(players), "--out", str(out_file))
    assert code == 0 and "4 players" in out
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert list(rows[0]) == ["Position", "Name", "Country", "EMA number", "Table points", "Score", "Games",
                             "Base rank"]
    assert sum(Fraction(r["Table points"]) for r in rows) == 7 * len(logs)
    expected = {}
    for path in logs:
        scores = read_log(path).events[-1]["scores"]
        for seat, p in enumerate(table_points(scores)):
            name = read_log(path).header["seats"][seat]["name"]
            points, score = expected.get(name, (Fraction(0), 0))
            expected[name] = (points + p, score + scores[seat])
    for r in rows:
        assert (Fraction(r["Table points"]).limit_denominator(100), int(r["Score"])) == (
            expected[r["Name"]][0], expected[r["Name"]][1])
        assert r["Games"] == "3"
    keys = [(-Fraction(r["Table points"]), -int(r["Score"])) for r in rows]
    assert keys == sorted(keys)
    assert rows[0]["Position"] == "1" and rows[0]["Base rank"] == "1000"
    assert rows[-1]["Base rank"] == str(round(1000 * (4 - int(rows[-1]["Position"])) / 3))
    ema = next(r for r in rows if r["Name"] == "greedy-0")
    assert (ema["Country"], ema["EMA number"]) == ("FRA", "04000001")
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "mcr", "--db", db_url)
    assert out == ema_csv(results(database, "mcr"))


def test_the_ema_export_refuses_pair_play_and_an_unknown_ruleset(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite")
    record_log(open_db(db), GOLDEN / "piter-seed20261130.jsonl")
    code, _, err = run_cli(capsys, "records", "export", "--ruleset", "piter", "--db", db)
    assert code == 2 and "played in pairs" in err
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "mcr", "--db", db)
    assert code == 0 and out == "Position,Name,Country,EMA number,Table points,Score,Games,Base rank\n"
    code, _, err = run_cli(capsys, "records", "export", "--ruleset", "mcr", "--sha256", "abc", "--db", db)
    assert code == 2 and "no games recorded under mcr with a sha256 that starts abc" in err
    code, _, err = run_cli(capsys, "records", "export", "--ruleset", "mcx", "--db", db)
    assert code == 2 and "unknown ruleset 'mcx'" in err


RIICHI_SHEET = GOLDEN / "sheets" / "riichi_tenhou.yaml"


def second_table(tmp_path: Path) -> Path:
    """The worked riichi hanchan played again at a second table by four other players."""
    text = RIICHI_SHEET.read_text(encoding="utf-8")
    for old, new in (("Aoi", "Eri"), ("Ben", "Fumi"), ("Chie", "Goro"), ("Dan", "Hana")):
        text = text.replace(old, new)
    path = tmp_path / "table2.yaml"
    path.write_text(text.replace("table 1", "table 2"), encoding="utf-8")
    return path


def unfinished(tmp_path: Path, deals: int = 5) -> Path:
    """The worked hanchan's sheet cut after ``deals`` deals, without its ``final``: a game the table stopped."""
    head, body = RIICHI_SHEET.read_text(encoding="utf-8").split("deals:\n", 1)
    parts = body.split("\n  - dealer:")
    kept = "\n  - dealer:".join(parts[:deals])
    path = tmp_path / "cut.yaml"
    path.write_text(head + "deals:\n" + kept.split("\nfinal:")[0] + "\n", encoding="utf-8")
    return path


def test_riichi_results_from_the_sheets_rank_by_the_score_after_uma_and_oka(capsys: pytest.CaptureFixture[str],
                                                                             tmp_path: Path) -> None:
    """Two tables' sheets of Tenhou's rules: each player's score is the sheet's final points (after the oka and
    the 20-10 uma the rules paid) less the 25,000 each began with; tied players share a position."""
    players = tmp_path / "players.csv"
    players.write_text("name,country,ema_number\nChie,JPN,15000042\n", encoding="utf-8")
    out_file = tmp_path / "results.csv"
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "riichi_tenhou", "--sheet", str(RIICHI_SHEET),
                           "--sheet", str(second_table(tmp_path)), "--players", str(players), "--out",
                           str(out_file))
    assert code == 0 and "8 players" in out
    rows = list(csv.DictReader(io.StringIO(out_file.read_text(encoding="utf-8"))))
    assert tuple(rows[0]) == SCORE_COLUMNS
    final = {"Aoi": -12300, "Ben": 8900, "Chie": 72000, "Dan": 31400}  # the sheet's final, after oka and uma
    expected = {name: score - 25000 for name, score in final.items()}
    expected.update({"Eri": expected["Aoi"], "Fumi": expected["Ben"], "Goro": expected["Chie"],
                     "Hana": expected["Dan"]})
    assert {r["Name"]: int(r["Score"]) for r in rows} == expected
    assert sum(int(r["Score"]) for r in rows) == 0  # the oka makes up the 5,000 each seat is short of 30,000
    assert [(r["Name"], r["Position"], r["Base rank"]) for r in rows[:4]] == [
        ("Chie", "1", "1000"), ("Goro", "1", "1000"), ("Dan", "3", "714"), ("Hana", "3", "714")]
    assert (rows[0]["Country"], rows[0]["EMA number"]) == ("JPN", "15000042")
    assert all(r["Games"] == "1" for r in rows)
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "riichi_tenhou", "--sheet", str(RIICHI_SHEET),
                           "--json")
    assert code == 0 and json.loads(out)["rows"][0] == {"Position": 1, "Name": "Chie", "Country": "",
                                                        "EMA number": "", "Score": 47000, "Games": 1,
                                                        "Base rank": 1000}


def test_riichi_results_from_the_database_are_ranked_by_score_too(capsys: pytest.CaptureFixture[str],
                                                                   tmp_path: Path) -> None:
    """The worked sheet's recorded log in a database: the same layout and scores as from the sheet itself."""
    db = str(tmp_path / "r.sqlite")
    record_log(open_db(db), GOLDEN / "sheets" / "riichi_tenhou.jsonl")
    code, out, _ = run_cli(capsys, "records", "export", "--ruleset", "riichi_tenhou", "--db", db)
    assert code == 0
    assert out == ema_csv(sheet_results([RIICHI_SHEET], "riichi_tenhou"))
    assert out.splitlines()[:2] == [",".join(SCORE_COLUMNS), "1,Chie,,,47000,1,1000"]


def test_an_unfinished_riichi_sheet_is_refused_at_its_last_deal(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    """Five deals of a hanchan: the rules play on after East 4, so the sheet gives no tournament result; the
    refusal names the sheet, its last deal and its line, and nothing is written."""
    cut = unfinished(tmp_path)
    out_file = tmp_path / "results.csv"
    code, out, err = run_cli(capsys, "records", "export", "--ruleset", "riichi_tenhou", "--sheet", str(RIICHI_SHEET),
                             "--sheet", str(cut), "--out", str(out_file))
    assert code == 2 and out == "" and not out_file.exists()
    lines = cut.read_text(encoding="utf-8").splitlines()
    line = [n for n, text in enumerate(lines, 1) if text.startswith("  - dealer:")][4]  # deal 5 begins here
    assert f"cut.yaml::$.deals[4] (line {line}, column 5): the game is not over" in err
    assert "after the sheet's last deal (deal 5)" in err and "Traceback" not in err


@pytest.mark.parametrize(("change", "ruleset", "message"), [
    (None, "riichi_ema", "$.ruleset (line 6, column 1): a sheet of riichi_tenhou; the results are of riichi_ema"),
    (("payments: [Chie -> Ben 3900]", "payments: [Chie -> Ben 3000]"), "riichi_tenhou",
     "figure(s) of the sheet differ from the rules"),
    (None, "mcr", "mcr does not settle a game by its places"),
])
def test_a_sheet_the_riichi_results_cannot_take_is_refused_with_its_place(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, change: tuple[str, str] | None, ruleset: str,
        message: str) -> None:
    text = RIICHI_SHEET.read_text(encoding="utf-8")
    sheet = tmp_path / "night.yaml"
    sheet.write_text(text.replace(*change) if change else text, encoding="utf-8")
    code, _, err = run_cli(capsys, "records", "export", "--ruleset", ruleset, "--sheet", str(sheet))
    assert code == 2 and message in err and "Traceback" not in err
    if change:
        assert "night.yaml::line 19" in err and "the sheet has Chie pay Ben 3000, the rules 3900" in err


# ---------------------------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(("db", "message"), [
    ("foo://x", "unsupported database 'foo'"),
    ("postgresql://a:secret@[bad", "cannot reach or use the database"),
    ("sqlite://", "a SQLite URL names a file"),
    ("/no/such/folder/r.sqlite", "no folder /no/such/folder"),
])
def test_a_bad_database_is_one_line(capsys: pytest.CaptureFixture[str], db: str, message: str) -> None:
    code, out, err = run_cli(capsys, "standings", "--ruleset", "mcr", "--db", db)
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err
    assert "secret" not in err


def test_an_unreachable_server_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from postgres import free_port

    url = f"postgresql://postgres@127.0.0.1:{free_port()}/x"
    code, _, err = run_cli(capsys, "records", "add", str(LOGS[0]), "--db", url)
    assert code == 2 and "cannot reach or use the database" in err and "Connection refused" in err
    assert err.count("\n") == 1


def test_simulate_store_needs_a_folder_for_the_logs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, "simulate", "--ruleset", "mcr", "--seed", "1", "--store", "--db",
                           str(tmp_path / "r.sqlite"))
    assert code == 2 and "--store" in err and "--out" in err


def test_a_url_without_a_driver_is_driven_by_psycopg() -> None:
    assert parse_url("postgresql://u@h:5/d").drivername == "postgresql+psycopg"
    assert parse_url("club.sqlite").get_backend_name() == "sqlite"


def test_a_score_sheet_game_is_recorded_from_the_log_mahjong_record_makes(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path, db_url: str) -> None:
    log = tmp_path / "piter.jsonl"
    code, _, err = run_cli(capsys, "record", str(GOLDEN / "sheets" / "piter.yaml"), "--out", str(log))
    assert code == 0, err
    code, out, _ = run_cli(capsys, "records", "add", str(log), "--db", db_url, "--json")
    assert code == 0 and json.loads(out)["summary"]["recorded"] == 1
    rows = dump(open_db(db_url))
    (game,) = rows["games"]
    assert game[3] is None and game[4] is True  # no seed: played on a physical table
    assert [r[2] for r in rows["game_seats"]] == ["Anna", "Boris", "Vera", "Gleb"]
    (table,) = standings(open_db(db_url), "piter")
    assert sorted(p.pair for p in table.pairs) == [["Anna", "Vera"], ["Boris", "Gleb"]]


def test_a_riichi_score_sheet_is_recorded_with_its_sticks_oka_and_uma(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path, db_url: str) -> None:
    """The worked riichi hanchan (replays/sheets/riichi_tenhou.yaml): its log holds the sticks paid in the deals and
    the oka and uma paid at the game's end, and the standings count each player's points over the 25,000 they
    began with, the game's end apart."""
    log = tmp_path / "riichi.jsonl"
    code, _, err = run_cli(capsys, "record", str(GOLDEN / "sheets" / "riichi_tenhou.yaml"), "--out", str(log))
    assert code == 0, err
    code, out, _ = run_cli(capsys, "records", "add", str(log), "--db", db_url, "--json")
    assert code == 0 and json.loads(out)["summary"]["recorded"] == 1
    rows = dump(open_db(db_url))
    reasons = sorted({m[6] for m in rows["point_moves"]})
    assert reasons == ["oka", "ready_hands", "riichi_stick", "riichi_sticks", "uma"], reasons
    at_end = {m[6] for m in rows["point_moves"] if m[2] is None}
    assert at_end == {"oka", "uma"}
    (table,) = standings(open_db(db_url), "riichi_tenhou")
    assert table.starting_points == 25000
    by_name = {p.name: p for p in table.players}
    # final points -12,300, 8,900, 72,000 and 31,400; the oka and uma moved 12,300-25,000 and so on at the end
    assert {name: p.score for name, p in by_name.items()} == {"Aoi": -37300, "Ben": -16100, "Chie": 47000,
                                                             "Dan": 6400}
    assert {name: p.game_end for name, p in by_name.items()} == {"Aoi": -25000, "Ben": -15000, "Chie": 35000,
                                                                "Dan": 5000}
    assert by_name["Chie"].deals_won == 2 and by_name["Aoi"].deals == 11


def test_a_missing_log_is_unreadable_input_before_any_verdict(capsys: pytest.CaptureFixture[str],
                                                              tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite"
    code, _, err = run_cli(capsys, "records", "add", str(LOGS[0]), str(tmp_path / "nosuch.jsonl"), "--db", str(db))
    assert code == 2 and err == f"{tmp_path / 'nosuch.jsonl'}: cannot read the log: no such file\n"
    assert not db.exists()  # nothing was opened, let alone recorded


def test_final_points_hold_the_starting_points_and_the_payments_at_the_games_end(db_url: str,
                                                                               tmp_path: Path) -> None:
    """A game of the test ruleset ``sticks_test`` (tests/money_plugin: 25,000 points each, sticks into a pot, an uma
    at the end): the seats' final points are the game_end's, after the uma, not the last settlement's; each deal's
    change counts from the starting points; every payment event is a row of point_moves, in its deal or (deal
    null) at the game's end; the standings count what each player won over the 25,000, with the game's end apart."""
    from money_plugin.install import RULESET, on_path

    with on_path(tmp_path / "site"):
        (path,) = simulate(tmp_path / "out", RULESET, 300, 1)
        database = open_db(db_url)
        sha = record_log(database, path).sha256
        rows = dump(database)
        (table,) = standings(database, RULESET)
        text = [line for line in standings_text(table.to_json()).splitlines() if "greedy-" in line]
    log = read_log(path)
    end = log.events[-1]
    last_settlement = next(e for e in reversed(log.events) if e["type"] == "settlement")
    assert end["scores"] != last_settlement["scores"] and sum(end["scores"]) == 100000
    seats = [r for r in rows["game_seats"] if r[0] == sha]
    assert [r[5] for r in seats] == end["scores"]
    changes = [sum(s[4] for s in rows["deal_scores"] if s[0] == sha and s[2] == seat) for seat in range(4)]
    assert [25000 + c for c in changes] == last_settlement["scores"]
    (game,) = [g for g in rows["games"] if g[0] == sha]
    assert game[-1] == 25000  # games.starting_points
    # Every payment event, in the deal it was made in (sticks, the pot to a winner) or at the game's end.
    paid = [e for e in log.events if e["type"] == "payment"]
    moves = [m[1:] for m in rows["point_moves"] if m[0] == sha]
    assert [(m[0], m[2], m[3], m[4], m[5]) for m in moves] == [
        (e["n"], e["payer"], e["payee"], e["amount"], e["reason"]) for e in paid]
    in_deal = {e["n"]: d["deal"] for d in log.events if d["type"] == "deal_start"
               for e in paid if d["n"] < e["n"] < next(x["n"] for x in log.events
                                                       if x["type"] == "deal_end" and x["deal"] == d["deal"])}
    assert [m[1] for m in moves] == [in_deal.get(m[0]) for m in moves]
    at_end = [m for m in moves if m[1] is None]
    assert {m[5] for m in at_end} == {"uma"} and {m[5] for m in moves if m[1] is not None} == {"stick", "pot"}
    adjustment = [sum(m[4] for m in at_end if m[3] == seat) - sum(m[4] for m in at_end if m[2] == seat)
                  for seat in range(4)]
    assert [a - b for a, b in zip(end["scores"], last_settlement["scores"], strict=True)] == adjustment
    by_name = {row.name: row for row in table.players}
    assert [by_name[f"greedy-{seat}"].score for seat in range(4)] == [p - 25000 for p in end["scores"]]
    assert [by_name[f"greedy-{seat}"].game_end for seat in range(4)] == adjustment
    assert table.starting_points == 25000
    # The champions' result is the final points; the lowest winnings are the lowest final points less 25,000.
    assert table.champions["elimination_candidates"] == [f"greedy-{min(range(4), key=lambda s: end['scores'][s])}"]
    for seat in range(4):  # the text shows the score and the part the game's end made of it
        line = next(line for line in text if f"greedy-{seat} " in line)
        assert f" {end['scores'][seat] - 25000:>8} {adjustment[seat]:>7}  " in line


def test_a_database_of_the_first_revision_migrates_and_a_rebuild_fills_the_money(tmp_path: Path) -> None:
    """A games database made before money was recorded (revision 0001, rows in it) opens at 0002: its games read
    0 starting points and no moves until ``records rebuild`` reads their logs again."""
    from alembic import command
    from alembic.config import Config
    from money_plugin.install import RULESET, on_path
    from sqlalchemy import create_engine, text

    from mahjong_records.db import migrations_folder

    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    engine = create_engine(url)
    config = Config()
    config.set_main_option("script_location", migrations_folder())
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
        conn.execute(text("INSERT INTO rulesets (id, ruleset_id, version, sha256) VALUES (1, 'x', '1', 'ab')"))
        conn.execute(text("INSERT INTO games (id, log_sha256, log_path, ruleset, physical, options, teams, events, "
                          "deals, rounds, full_game) VALUES (1, 'cd', 'gone.jsonl', 1, 0, '{}', '[]', 1, 0, 0, 0)"))
    engine.dispose()
    database = open_db(url)
    with database.begin() as conn:
        assert conn.exec_driver_sql("SELECT starting_points FROM games").scalars().all() == [0]
    with on_path(tmp_path / "site"):
        simulate(tmp_path / "out", RULESET, 300, 1)
        rebuild(database, [tmp_path / "out"])
        rows = dump(database)
    assert [g[-1] for g in rows["games"]] == [25000] and rows["point_moves"]
