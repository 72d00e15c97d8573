"""Pay: salary text or objects in the many shapes job boards use (annual, hourly, weekly, daily, monthly, euros)."""

from .dice import Dice
from .models import Role
from .titles import title_info


def draw_salary(dice: Dice, role: Role, title: str, loc: str) -> object:
    """A salary for ``title`` at ``loc``: text such as "$28 - $34 an hour" or a {min, max, currency, period} object."""
    r = dice.r
    info = title_info(title)
    mult = 1.18 if info.senior else (0.85 if info.junior else 1.0)
    if loc == "Remote (EU only)":
        lo_k = int(role.annual[0] * 0.55 * mult / 1000)
        hi_k = lo_k + dice.num(8, 20)
        form = r()
        if form < 0.4:
            return f"€{lo_k}k"
        if form < 0.75:
            return f"€{lo_k}k - €{hi_k}k"
        return {"min": lo_k * 1000, "max": hi_k * 1000, "currency": "EUR", "period": "year"}
    if "Travel" in title:
        lo = 50 * dice.num(44, 60)
        return {"min": lo, "max": lo + 50 * dice.num(4, 10), "currency": "USD", "period": "week"}
    if "Per Diem" in title and r() < 0.6:
        lo = 10 * dice.num(42, 56)
        return {"min": lo, "max": lo + 60, "currency": "USD", "period": "day"}
    if info.hourly or r() < role.hourly_p:
        a, b = role.hourly
        span = b - a
        lo_h = round((a + r() * span * 0.7) * mult)
        hi_h = lo_h + dice.num(3, max(4, span // 2))
        form = r()
        if form < 0.3:
            return f"${lo_h}/hr"
        if form < 0.65:
            return f"${lo_h} - ${hi_h} an hour"
        if form < 0.8:
            return f"${lo_h:.2f} - ${hi_h:.2f} per hour"
        return {"min": lo_h, "max": hi_h, "currency": "USD", "period": "hour"}
    a, b = role.annual
    span = b - a
    lo = int((a + r() * span * 0.65) * mult / 1000) * 1000
    hi = lo + int(span * (0.12 + r() * 0.22) / 1000) * 1000
    form = r()
    if form < 0.3:
        return f"${lo:,} - ${hi:,} a year"
    if form < 0.42:
        return f"${lo // 1000}K-${hi // 1000}K"
    if form < 0.5:
        return f"USD {lo}-{hi} per year"
    if form < 0.56:
        return f"From ${lo:,} a year"
    if form < 0.64:
        return f"${round(lo / 12, -2):,.0f}/month"
    if form < 0.7:
        return {
            "min": int(round(lo / 12, -2)),
            "max": int(round(hi / 12, -2)),
            "currency": "USD",
            "period": "month",
        }
    return {"min": lo, "max": hi, "currency": "USD", "period": "year"}
