"""One checker per tool. Each takes (path, case) and returns a list of problems; empty means pass.
`case` is None for files whose expected content is not known (Samples/, delete results)."""
