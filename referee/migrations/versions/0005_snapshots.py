"""snapshots of a match's replay, a cache for cold reads

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25 10:00:00

"""
import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    # A new table only: nothing stored changes, and a database without snapshots is complete
    # (the first cold read of a long match writes its snapshot).
    op.create_table('snapshots',
    sa.Column('match_id', sa.String(length=16), nullable=False),
    sa.Column('seq', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('rules_version', sa.Integer(), nullable=False),
    sa.Column('format', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=32), nullable=False),
    sa.Column('signature', sa.String(length=64), nullable=False),
    sa.Column('data', sa.LargeBinary(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['match_id'], ['matches.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('match_id', 'seq')
    )


def downgrade():
    op.drop_table('snapshots')
