"""the rules version a match was started under

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-23 23:30:00

"""
import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade():
    # Every match stored before this column existed was started under version 1 of its game's
    # rules (before the rulings of 2026-11-23). A plain ADD COLUMN: SQLite does it in place.
    op.add_column('matches', sa.Column('rules_version', sa.Integer(), nullable=False, server_default='1'))


def downgrade():
    op.drop_column('matches', 'rules_version')
