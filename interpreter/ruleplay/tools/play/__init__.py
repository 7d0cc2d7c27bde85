"""`ruleplay play`: a person at the table, in the terminal (`terminal`) over a UI-free seat model (`seat`)."""
