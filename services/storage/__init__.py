"""What is kept on disk: SQLite, the comics' folders and index, and the exports."""
