from django.core.management.base import BaseCommand, CommandError

from wallet.selectors import wallet_audit


class Command(BaseCommand):
    help = (
        "Rebuild every balance from the ledger and check that everything sums to zero; "
        "check that every prop count is bought minus used."
    )

    def handle(self, *args, **options):
        problems = wallet_audit()
        from props.selectors import props_audit  # props bought / held / used (platform/props)

        problems += props_audit()
        if problems:
            for problem in problems:
                self.stderr.write(problem)
            raise CommandError(f"wallet audit found {len(problems)} problem(s)")
        self.stdout.write(self.style.SUCCESS("wallet audit: ledger consistent"))
