"""`ruleplay analyze`: what a rule change does to a game, in numbers and pictures (issue 37).

`measures` holds the measures as pure functions of one game's standings and choices (CardStock's
drama, security, order, fairness and convergence among them, each saying so); `shape` plays games step
by step and folds those measures into an aggregate that merges exactly, like sim's `Agg`; `ladder`
plays one stronger bot against weaker ones; `report` builds the report (terminal, JSON, Markdown,
HTML) and `svg` draws its pictures. Seeding, worker pool, side syntax and intervals are sim's and
stats's, reused, never copied. docs/analysis.md defines every measure.
"""
