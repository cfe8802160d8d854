"""Scoring: a hand, its circumstances and a ruleset in; a score sheet out.

>>> from engine.hand import Hand
>>> from engine.rulesets import DMJL
>>> score(Hand.parse("123m 456p 789s 111z 55z"), WinContext.make(win="5z"), DMJL).total
144
"""

from engine.scoring.context import FLAGS, WinContext
from engine.scoring.scorer import Score, ScoreLine, score

__all__ = ["FLAGS", "Score", "ScoreLine", "WinContext", "score"]
