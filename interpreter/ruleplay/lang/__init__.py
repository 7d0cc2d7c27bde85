"""The language front end: reading a rule file safely, YAML with positions, `extends:` and options, the schema, expressions.

Knows nothing of the compiled rules or the engine; everything here answers "is this text a well-formed rule file?".
"""
