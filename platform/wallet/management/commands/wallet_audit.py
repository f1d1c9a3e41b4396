from django.core.management.base import BaseCommand, CommandError

from wallet.audit import audit_problems
from wallet.selectors import wallet_audit


class Command(BaseCommand):
    help = (
        "Rebuild every balance from the ledger and check that everything sums to zero; "
        "also every check other apps connect (hands ended but not settled, prop counts = bought − used)."
    )

    def handle(self, *args, **options):
        problems = wallet_audit() + audit_problems()
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"wallet audit found {len(problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("wallet audit: ledger consistent"))
