"""A trump that depends on a bid (or anything an earlier phase decides) is evaluated when its trick phase
starts, after that decision; a phase before it that reads the trump, and a trump that reads what a later
phase decides, are refused with a placed error."""
from pathlib import Path

import pytest

from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load

RULES = """\
name: trump-from-bid
description: The auction's winner makes spades trump when the dealer wins it, else hearts.
players: 2
deck: {ranks: [9, 10, J, Q, K, A], suits: [C, D, H, S]}
zones:
  hand: {owner: seat, visibility: owner}
  trick: {owner: table, visibility: public}
  taken: {owner: seat, visibility: public}
  rest: {owner: table, visibility: hidden}
deal: {to: hand, count: 2, rest: rest}
phases:
  bidding: {kind: bid, style: auction, pass: true, range: {min: 1, max: MAX}}
  play:
    kind: trick
    from: hand
    to: trick
    won-to: taken
    trump: "'S' if bidder == dealer else 'H' if contract else 'none'"
scoring: {points: "s.tricks"}
"""


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "r.yaml"
    p.write_text(text)
    return p


def _rules(tmp_path: Path, text: str = RULES.replace("MAX", "2")):
    return load(str(_write(tmp_path, text)))


@pytest.mark.parametrize("bots, suit", [(["lowest", "highest"], "S"), (["highest", "lowest"], "H")])
def test_trump_read_after_the_bid_it_depends_on(tmp_path, bots, suit):
    # seat 1 deals; `highest` bids 2 at once, `lowest` passes: the auction's winner decides the trump
    deal = Deal(hands=[["9C", "AS"], ["9H", "KS"]], dealer=1)
    res = play(_rules(tmp_path), deal=deal, bots=bots)
    kinds = [e["event"] for e in res.events if e["event"] in ("auction", "trump")]
    assert kinds == ["auction", "trump"]                     # the trump comes after the bid, not at the deal
    trump = next(e for e in res.events if e["event"] == "trump")
    assert trump["suit"] == suit
    # seat 0 leads 9C (lowest) or AS; with spades trump KS ruffs the 9C lead; with hearts 9H does
    tricks = [e for e in res.events if e["event"] == "trick"]
    assert tricks[0]["winner"] == (1 if bots[0] == "lowest" else 0)


def test_a_phase_before_cannot_read_a_trump_that_waits_for_it(tmp_path):
    text = RULES.replace("MAX", "\"2 if trump == 'S' else 1\"")
    with pytest.raises(RuleplayError) as exc:
        _rules(tmp_path, text)
    msg = str(exc.value)
    assert "phases.bidding.range.max" in msg
    assert "'trump' has no value yet" in msg and "its trump reads 'bidder'" in msg


def test_a_trump_cannot_read_what_a_later_phase_decides(tmp_path):
    text = RULES.replace("MAX", "2").replace(
        "  bidding: {kind: bid, style: auction, pass: true, range: {min: 1, max: 2}}\n", "")
    text = text.replace("scoring:", "  bidding: {kind: bid, style: auction, pass: true, range: {min: 1, max: 2}}\n"
                        "scoring:")
    with pytest.raises(RuleplayError) as exc:
        _rules(tmp_path, text)
    msg = str(exc.value)
    assert "phases.play.trump" in msg and "phase 'bidding' sets it when it runs, after phase 'play'" in msg


def test_a_trump_known_at_the_deal_is_still_set_before_the_bidding(tmp_path):
    # a bid range that reads a trump turned up at the deal keeps working (Oh Hell's shape)
    text = RULES.replace("MAX", "\"2 if trump == 'S' else 1\"").replace(
        "\"'S' if bidder == dealer else 'H' if contract else 'none'\"", "rest.top.suit")
    res = play(_rules(tmp_path, text), deal=Deal(hands=[["9C", "AS"], ["9H", "KS"]], rest=["QS"], dealer=1),
               bots=["highest", "lowest"])
    kinds = [e["event"] for e in res.events if e["event"] in ("bid", "trump")]
    assert kinds[0] == "trump"
    assert next(e for e in res.events if e["event"] == "bid")["bid"] == 2
