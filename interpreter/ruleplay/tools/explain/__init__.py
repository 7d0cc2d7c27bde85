"""`ruleplay explain`: a ruleset as a plain-English rule sheet, and the difference between two sheets."""
