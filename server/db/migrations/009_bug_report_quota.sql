-- Bug-report uploads are capped per user per 24 hours (issue 12, item 11): the count of a user's
-- recent reports reads this index instead of every stored report.
CREATE INDEX bug_reports_user_time ON bug_reports (user_id, created_at);
