"""a rematch links to the match it follows

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24 02:10:00

"""
import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    op.add_column('matches', sa.Column('rematch_of', sa.String(length=16), nullable=True))
    op.create_index('ix_matches_rematch_of', 'matches', ['rematch_of'])


def downgrade():
    op.drop_index('ix_matches_rematch_of', table_name='matches')
    op.drop_column('matches', 'rematch_of')
