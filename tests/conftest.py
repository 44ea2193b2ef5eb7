"""Under CI (``CI=true``) a skipped test is a failure: the test command must run everything.

A skip hides a missing browser, tool or file as "fine"; on a developer's machine it is
reported (``-ra``), under CI it fails with the skip's reason.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest


def _under_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if report.skipped and not hasattr(report, "wasxfail") and _under_ci():
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which must run every test: {report.longrepr}"
    return report


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(
    collector: pytest.Collector,
) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
    """A whole module skipped (``pytest.importorskip``, ``allow_module_level``) fails too."""
    report = yield
    if report.skipped and _under_ci():
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which must run every test: {report.longrepr}"
    return report
