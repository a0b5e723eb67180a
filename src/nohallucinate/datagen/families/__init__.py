"""One module per task family: candidates in, drafts and reasons for rejection out."""
